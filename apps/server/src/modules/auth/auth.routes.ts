import {
  accessTokenAnswerSchema,
  errorAnswerSchema,
  loginAnswerSchema,
  loginBodySchema,
  messages,
  mfaLoginBodySchema,
  okAnswerSchema,
  recoverBodySchema,
  registerBodySchema,
  resetBodySchema,
  resetCheckAnswerSchema,
  resetTokenParamsSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { countSignInAttempt, type Guards } from "../../lib/rate-limit.ts";
import type { AuthService } from "./auth.service.ts";
import { clientOf } from "./sessions.ts";

const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  429: errorAnswerSchema,
};

/** The signed-out calls of SPEC 7 "Auth". */
export async function authRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AuthService; guards: Guards },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/users/login",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Sign in: answers an access token, or with 2FA on a short-lived token for POST /users/login/mfa",
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      // Counted before the password is checked, so concurrent guesses cannot slip past the limits.
      const attempt = await countSignInAttempt(
        {
          perIp: guards.loginPerIp,
          perAccountIp: guards.loginFailuresPerAccountIp,
          perAccount: guards.loginFailuresPerAccount,
        },
        { account: username, ip: request.ip },
      );
      const answer = await auth.login({ username, password }, clientOf(request));
      if (!answer) throw new AppError(401, messages.loginIncorrect);
      await attempt.succeeded();
      return answer;
    },
  );

  api.post(
    "/users/login/mfa",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in, second step: the mfaToken of POST /users/login and a 2FA or recovery code",
        body: mfaLoginBodySchema,
        response: { 200: accessTokenAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { mfaToken, code } = request.body;
      const admin = await auth.mfaChallenge(mfaToken);
      if (!admin) throw new AppError(401, messages.mfaTokenInvalid);
      // Counted before the code is checked, like passwords: the account has a million codes to guess.
      const attempt = await countSignInAttempt(
        { perIp: guards.mfaCodePerIp, perAccount: guards.mfaCodeFailuresPerAccount },
        { account: admin.id, ip: request.ip },
      );
      if (!(await auth.mfa.useCode(admin.id, code))) {
        throw new AppError(401, messages.mfaCodeWrong, { code: messages.mfaCodeWrong });
      }
      await attempt.succeeded();
      return { accessToken: await auth.finishMfaLogin(admin, clientOf(request)) };
    },
  );

  api.post(
    "/users/register",
    {
      schema: {
        tags: ["auth"],
        summary: "Register an administrator (the first becomes the owner; later ones wait for approval)",
        body: registerBodySchema,
        response: { 200: accessTokenAnswerSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => {
      await guards.registerPerIp.hit(request.ip);
      return auth.register(request.body, clientOf(request));
    },
  );

  api.post(
    "/users/auth/recover",
    {
      schema: {
        tags: ["auth"],
        summary: "E-mail a password reset link",
        body: recoverBodySchema,
        response: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await guards.recoverPerIp.hit(request.ip);
      await guards.recoverPerEmail.hit(email);
      const sent = await auth.recover(email);
      if (!sent) throw new AppError(404, messages.notFoundEmail(email));
      return { message: messages.recoverSent };
    },
  );

  api.get(
    "/users/auth/reset/:token",
    {
      schema: {
        tags: ["auth"],
        summary: "Check a password reset link",
        params: resetTokenParamsSchema,
        response: { 200: resetCheckAnswerSchema },
      },
    },
    async (request) => {
      const problem = await auth.checkResetToken(request.params.token);
      return problem ? { message: problem } : {};
    },
  );

  api.post(
    "/users/auth/reset/:token",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset link",
        params: resetTokenParamsSchema,
        body: resetBodySchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.token, request.body.password);
      return { message: messages.resetDone };
    },
  );
}
