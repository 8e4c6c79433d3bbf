import { errorAnswerSchema, idParamsSchema, okAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { accessTokenAnswerSchema, profileSchema, profileUpdateSchema } from "../resources/auth.ts";
import {
  adminSessionListSchema,
  mfaCodeBodySchema,
  mfaEnableAnswerSchema,
  mfaSetupAnswerSchema,
} from "../resources/security.ts";
import { appIdParamsSchema, memberAppsAnswerSchema } from "../resources/team-members.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The signed-in administrator's own account: profile, sessions and two-factor sign-in. */
export const profileEndpoints = {
  me: endpoint({
    method: "GET",
    permission: "account",
    path: "/api/profile/me",
    tags: ["auth"],
    summary: "The signed-in administrator's profile",
    responses: { 200: profileSchema, 401: errorAnswerSchema },
  }),
  update: endpoint({
    method: "PUT",
    permission: "account",
    path: "/api/profile/me",
    tags: ["auth"],
    summary: "Change the signed-in administrator's own settings (the dashboard language)",
    body: profileUpdateSchema,
    responses: { 200: profileSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
  }),
  sessions: endpoint({
    method: "GET",
    permission: "account",
    path: "/api/profile/sessions",
    tags: ["auth"],
    summary: "The signed-in administrator's active sessions, newest first",
    responses: { 200: adminSessionListSchema, 401: errorAnswerSchema },
  }),
  endSession: endpoint({
    method: "DELETE",
    permission: "account",
    path: "/api/profile/sessions/:id",
    tags: ["auth"],
    summary: "Sign one of the administrator's sessions out",
    params: idParamsSchema,
    responses: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
  endSessions: endpoint({
    method: "DELETE",
    permission: "account",
    path: "/api/profile/sessions",
    tags: ["auth"],
    summary: "Sign out everywhere: ends every session of the administrator, this one included",
    responses: { 200: okAnswerSchema, 401: errorAnswerSchema },
  }),
  mfaSetup: endpoint({
    method: "POST",
    permission: "account",
    path: "/api/profile/mfa/setup",
    tags: ["auth"],
    summary: "Start turning 2FA on: a new TOTP secret and its otpauth:// address (not active yet)",
    responses: { 200: mfaSetupAnswerSchema, ...errors, 409: errorAnswerSchema },
  }),
  mfaEnable: endpoint({
    method: "POST",
    permission: "account",
    path: "/api/profile/mfa/enable",
    tags: ["auth"],
    summary: "Turn 2FA on with a first code of the new secret: answers ten recovery codes, shown once",
    body: mfaCodeBodySchema,
    responses: { 200: mfaEnableAnswerSchema, ...errors, 409: errorAnswerSchema, 429: errorAnswerSchema },
  }),
  mfaDisable: endpoint({
    method: "POST",
    permission: "account",
    path: "/api/profile/mfa/disable",
    tags: ["auth"],
    summary: "Turn 2FA off: needs a current code or a recovery code",
    body: mfaCodeBodySchema,
    responses: { 200: okAnswerSchema, ...errors, 409: errorAnswerSchema, 429: errorAnswerSchema },
  }),
  apps: endpoint({
    method: "GET",
    permission: "account",
    path: "/api/profile/apps",
    tags: ["auth"],
    summary: "The apps the signed-in account belongs to, with its role in each",
    responses: { 200: memberAppsAnswerSchema, 401: errorAnswerSchema },
  }),
  switchApp: endpoint({
    method: "POST",
    permission: "account",
    path: "/api/profile/apps/:appId",
    tags: ["auth"],
    summary: "Act in another app the account belongs to: answers a new token; the current session ends",
    params: appIdParamsSchema,
    responses: { 200: accessTokenAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
};
