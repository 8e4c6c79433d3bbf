import { errorAnswerSchema, idParamsSchema, okAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { profileSchema } from "../resources/auth.ts";
import {
  adminSessionListSchema,
  mfaCodeBodySchema,
  mfaEnableAnswerSchema,
  mfaSetupAnswerSchema,
} from "../resources/security.ts";

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
};
