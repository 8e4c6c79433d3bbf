import { errorAnswerSchema, idParamsSchema, okAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { accessTokenAnswerSchema } from "../resources/auth.ts";
import {
  inviteAcceptBodySchema,
  inviteBodySchema,
  inviteCreatedSchema,
  inviteDetailsSchema,
  inviteTokenParamsSchema,
  memberRoleBodySchema,
  teamAnswerSchema,
  teamMemberSchema,
  teamSettingsSchema,
} from "../resources/team-members.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The team of the session's app: its members and invitations (docs/features/team.md). */
export const teamEndpoints = {
  list: endpoint({
    method: "GET",
    permission: "team.manage",
    path: "/api/team",
    tags: ["team"],
    summary: "The app's members and its pending invitations",
    responses: { 200: teamAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
  }),
  invite: endpoint({
    method: "POST",
    permission: "team.manage",
    path: "/api/team/invites",
    tags: ["team"],
    summary: "Invite someone by e-mail to join the app with a role (the link lasts 7 days, used once)",
    description: "A second invitation to the same address replaces the pending one.",
    body: inviteBodySchema,
    responses: { 201: inviteCreatedSchema, ...errors, 409: errorAnswerSchema, 503: errorAnswerSchema },
  }),
  withdrawInvite: endpoint({
    method: "DELETE",
    permission: "team.manage",
    path: "/api/team/invites/:id",
    tags: ["team"],
    summary: "Withdraw a pending invitation",
    params: idParamsSchema,
    responses: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
  changeRole: endpoint({
    method: "PUT",
    permission: "team.manage",
    path: "/api/team/members/:id",
    tags: ["team"],
    summary: "Change a member's role (the app keeps at least one owner)",
    params: idParamsSchema,
    body: memberRoleBodySchema,
    responses: { 200: teamMemberSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
  }),
  removeMember: endpoint({
    method: "DELETE",
    permission: "team.manage",
    path: "/api/team/members/:id",
    tags: ["team"],
    summary: "Remove a member from the app (the app keeps at least one owner)",
    params: idParamsSchema,
    responses: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
  }),
  saveSettings: endpoint({
    method: "PUT",
    permission: "team.manage",
    path: "/api/team/settings",
    tags: ["team"],
    summary: "Set the team's rules: two-factor sign-in required, the support agents' adjustment limit",
    body: teamSettingsSchema,
    responses: { 200: teamSettingsSchema, ...errors },
  }),
  checkInvite: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/api/users/auth/invite/:token",
    tags: ["auth"],
    summary: "Check an invitation link: the invited address, the app and the role",
    params: inviteTokenParamsSchema,
    responses: { 200: inviteDetailsSchema, 400: errorAnswerSchema, 404: errorAnswerSchema },
  }),
  acceptInvite: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/auth/invite/:token",
    tags: ["auth"],
    summary: "Accept an invitation: answers an access token acting in the joined app",
    description:
      "Without a session: fullName and password create the account. With a signed-in account's Bearer token " +
      "and an empty body: that account joins (its e-mail must be the invited one).",
    params: inviteTokenParamsSchema,
    body: inviteAcceptBodySchema,
    responses: { 200: accessTokenAnswerSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
  }),
};
