import {
  accessTokenAnswerSchema,
  errorAnswerSchema,
  loginBodySchema,
  messages,
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
import type { Guards } from "../../lib/rate-limit.ts";
import type { AuthService } from "./auth.service.ts";

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
        summary: "Sign in: answers an access token",
        body: loginBodySchema,
        response: { 200: accessTokenAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      await guards.loginPerIp.hit(request.ip);
      await guards.loginFailuresPerEmail.check(username);
      const accessToken = await auth.login({ username, password });
      if (!accessToken) {
        await guards.loginFailuresPerEmail.hit(username);
        throw new AppError(401, messages.loginIncorrect);
      }
      await guards.loginFailuresPerEmail.clear(username);
      return { accessToken };
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
      return auth.register(request.body);
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
