import { errorAnswerSchema, okAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  accessTokenAnswerSchema,
  loginBodySchema,
  recoverBodySchema,
  registerBodySchema,
  resetBodySchema,
  resetCheckAnswerSchema,
  resetTokenParamsSchema,
} from "../resources/auth.ts";
import { loginAnswerSchema, mfaLoginBodySchema } from "../resources/security.ts";

const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  429: errorAnswerSchema,
};

/** Signing in and out, registering, and a forgotten password: the calls made before an account is open. */
export const authEndpoints = {
  login: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/login",
    tags: ["auth"],
    summary: "Sign in: answers an access token, or with 2FA on a short-lived token for POST /users/login/mfa",
    body: loginBodySchema,
    responses: { 200: loginAnswerSchema, ...errors },
  }),
  loginMfa: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/login/mfa",
    tags: ["auth"],
    summary: "Sign in, second step: the mfaToken of POST /users/login and a 2FA or recovery code",
    body: mfaLoginBodySchema,
    responses: { 200: accessTokenAnswerSchema, ...errors },
  }),
  register: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/register",
    tags: ["auth"],
    summary: "Register an administrator (the first becomes the owner; later ones wait for approval)",
    body: registerBodySchema,
    responses: { 200: accessTokenAnswerSchema, ...errors, 409: errorAnswerSchema },
  }),
  recover: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/auth/recover",
    tags: ["auth"],
    summary: "E-mail a password reset link",
    body: recoverBodySchema,
    responses: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
  checkResetToken: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/api/users/auth/reset/:token",
    tags: ["auth"],
    summary: "Check a password reset link",
    params: resetTokenParamsSchema,
    responses: { 200: resetCheckAnswerSchema },
  }),
  resetPassword: endpoint({
    method: "POST",
    permission: "signedOut",
    path: "/api/users/auth/reset/:token",
    tags: ["auth"],
    summary: "Set a new password with a reset link",
    params: resetTokenParamsSchema,
    body: resetBodySchema,
    responses: { 200: okAnswerSchema, ...errors },
  }),
  /** Needs the session's token: ends it. */
  logout: endpoint({
    method: "POST",
    permission: "account",
    path: "/api/users/logout",
    tags: ["auth"],
    summary: "Sign out: ends the calling session, so its token stops working at once",
    responses: { 200: okAnswerSchema, 401: errorAnswerSchema },
  }),
};
