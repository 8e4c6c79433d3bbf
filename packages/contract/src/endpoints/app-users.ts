import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  appHeadersSchema,
  appLedgerAnswerSchema,
  appMeSchema,
  appOffersAnswerSchema,
  appPageQuerySchema,
  appRedeemsAnswerSchema,
  appSessionAnswerSchema,
  appSignedInHeadersSchema,
  appSignInBodySchema,
  appSignOutAnswerSchema,
  appSignUpBodySchema,
} from "../resources/app-api.ts";
import {
  appUserDetailsSchema,
  appUserListAnswerSchema,
  appUserListBodySchema,
  appUserSchema,
  appUsersStateAnswerSchema,
  appUsersStateBodySchema,
  appUserUpdateBodySchema,
} from "../resources/app-users.ts";
import { pointsHistoryAnswerSchema, pointsHistoryBodySchema } from "../resources/points-history.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const appAuthErrors = { ...errors, 429: errorAnswerSchema };

/**
 * App users: the administrator's Users screen (/api/users...) and the mobile app's own account calls
 * (/app/v1/auth..., /app/v1/me...; keys prefixed `app`).
 */
export const appUserEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/users",
    tags: ["users"],
    summary: "List the app's users (filter, sort, page)",
    query: listQuerystringSchema,
    body: appUserListBodySchema,
    responses: { 200: appUserListAnswerSchema, ...errors },
  }),
  changeStatus: endpoint({
    method: "PUT",
    permission: "appUsers.moderate",
    path: "/api/users/state/ids",
    tags: ["users"],
    summary: "Ban or activate selected users",
    body: appUsersStateBodySchema,
    responses: { 200: appUsersStateAnswerSchema, ...errors },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/users/details/:id",
    tags: ["users"],
    summary: "A user's details: devices, referrals, ledger and history",
    params: idParamsSchema,
    responses: { 200: appUserDetailsSchema, ...errors, 404: errorAnswerSchema },
  }),
  one: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/users/:id",
    tags: ["users"],
    summary: "A user",
    params: idParamsSchema,
    responses: { 200: appUserSchema, ...errors, 404: errorAnswerSchema },
  }),
  pointsHistory: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/users/:id/ledger",
    tags: ["users"],
    summary: "A user's points history: ledger entries newest first, with the balances after each",
    description:
      "Filters: kind (a ledger reason), from and to (a UTC day YYYY-MM-DD or an ISO date-time). balanceAfter and pendingAfter run over all the user's entries, whatever the filter.",
    params: idParamsSchema,
    body: pointsHistoryBodySchema,
    responses: { 200: pointsHistoryAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
  update: endpoint({
    method: "PUT",
    permission: "appUsers.moderate",
    path: "/api/users/:id",
    tags: ["users"],
    summary:
      "Edit a user; points move only by a signed pointsDelta with a pointsReason (an admin adjustment in the ledger)",
    params: idParamsSchema,
    body: appUserUpdateBodySchema,
    responses: { 200: appUserSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
  }),

  appSignUp: endpoint({
    method: "POST",
    permission: "appKey",
    path: "/app/v1/auth/sign-up",
    tags: ["app"],
    summary: "Create an app user and sign them in",
    headers: appHeadersSchema,
    body: appSignUpBodySchema,
    responses: {
      200: appSessionAnswerSchema,
      ...appAuthErrors,
      403: errorAnswerSchema,
      409: errorAnswerSchema,
    },
  }),
  appSignIn: endpoint({
    method: "POST",
    permission: "appKey",
    path: "/app/v1/auth/sign-in",
    tags: ["app"],
    summary: "Sign an app user in with e-mail and password",
    headers: appHeadersSchema,
    body: appSignInBodySchema,
    responses: { 200: appSessionAnswerSchema, ...appAuthErrors, 403: errorAnswerSchema },
  }),
  appSignOut: endpoint({
    method: "POST",
    permission: "appUser",
    path: "/app/v1/auth/sign-out",
    tags: ["app"],
    summary: "Sign out: revoke this token's session",
    headers: appSignedInHeadersSchema,
    responses: { 200: appSignOutAnswerSchema, 401: errorAnswerSchema },
  }),
  appMe: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/me",
    tags: ["app"],
    summary: "The signed-in user: points, Share Key and referral count",
    headers: appSignedInHeadersSchema,
    responses: { 200: appMeSchema, 401: errorAnswerSchema },
  }),
  appLedger: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/me/ledger",
    tags: ["app"],
    summary: "My points ledger, newest first",
    headers: appSignedInHeadersSchema,
    query: appPageQuerySchema,
    responses: { 200: appLedgerAnswerSchema, ...errors },
  }),
  appOffers: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/me/offers",
    tags: ["app"],
    summary: "My completed offers, newest first",
    headers: appSignedInHeadersSchema,
    query: appPageQuerySchema,
    responses: { 200: appOffersAnswerSchema, ...errors },
  }),
  appRedeems: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/me/redeems",
    tags: ["app"],
    summary: "My redeem requests, newest first",
    headers: appSignedInHeadersSchema,
    query: appPageQuerySchema,
    responses: { 200: appRedeemsAnswerSchema, ...errors },
  }),
};
