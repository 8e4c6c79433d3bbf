import {
  adminSessionListSchema,
  errorAnswerSchema,
  idParamsSchema,
  messages,
  mfaCodeBodySchema,
  mfaEnableAnswerSchema,
  mfaSetupAnswerSchema,
  okAnswerSchema,
  profileSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { countSignInAttempt, type Guards } from "../../lib/rate-limit.ts";
import { currentAdmin, currentSession } from "../../plugins/require-admin.ts";
import { type AuthService, toProfile } from "../auth/auth.service.ts";
import { endSession, endSessions, listSessions } from "../auth/sessions.ts";
import { securityRoutes } from "./security.routes.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };
// What an administrator who must still turn 2FA on may call (the installation requires it).
const beforeMfaEnrolment = { beforeMfaEnrolment: true };

/** The signed-in administrator's own account: profile, sessions, sign-out and two-factor sign-in. */
export async function profileRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AuthService; guards: Guards },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/profile/me",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "The signed-in administrator's profile",
        response: { 200: profileSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => toProfile(currentAdmin(request), currentSession(request).mfaRequired),
  );

  api.post(
    "/users/logout",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Sign out: ends the calling session, so its token stops working at once",
        response: { 200: okAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      await endSession(db, currentAdmin(request).id, currentSession(request).id, new Date());
      return { message: messages.signedOut };
    },
  );

  api.get(
    "/profile/sessions",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "The signed-in administrator's active sessions, newest first",
        response: { 200: adminSessionListSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => listSessions(db, currentAdmin(request).id, currentSession(request).id, new Date()),
  );

  api.delete(
    "/profile/sessions/:id",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Sign one of the administrator's sessions out",
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => {
      const ended = await endSession(db, currentAdmin(request).id, request.params.id, new Date());
      if (!ended) throw new AppError(404, messages.notFound);
      return { message: messages.sessionEnded };
    },
  );

  api.delete(
    "/profile/sessions",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Sign out everywhere: ends every session of the administrator, this one included",
        response: { 200: okAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      await endSessions(db, currentAdmin(request).id, new Date());
      return { message: messages.sessionsEnded };
    },
  );

  api.post(
    "/profile/mfa/setup",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Start turning 2FA on: a new TOTP secret and its otpauth:// address (not active yet)",
        response: { 200: mfaSetupAnswerSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => auth.mfa.setup(currentAdmin(request)),
  );

  /** Counts a code attempt like a sign-in's; throws 400 for a wrong code. */
  async function checkedCode(adminId: string, ip: string, use: () => Promise<boolean>) {
    const attempt = await countSignInAttempt(
      { perIp: guards.mfaCodePerIp, perAccount: guards.mfaCodeFailuresPerAccount },
      { account: adminId, ip },
    );
    if (!(await use())) throw new AppError(400, messages.mfaCodeWrong, { code: messages.mfaCodeWrong });
    await attempt.succeeded();
  }

  api.post(
    "/profile/mfa/enable",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Turn 2FA on with a first code of the new secret: answers ten recovery codes, shown once",
        body: mfaCodeBodySchema,
        response: { 200: mfaEnableAnswerSchema, ...errors, 409: errorAnswerSchema, 429: errorAnswerSchema },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      let recoveryCodes: string[] | null = null;
      await checkedCode(admin.id, request.ip, async () => {
        recoveryCodes = await auth.mfa.enable(admin.id, request.body.code);
        return recoveryCodes !== null;
      });
      return { recoveryCodes: recoveryCodes ?? [] };
    },
  );

  api.post(
    "/profile/mfa/disable",
    {
      config: beforeMfaEnrolment,
      schema: {
        tags: ["auth"],
        summary: "Turn 2FA off: needs a current code or a recovery code",
        body: mfaCodeBodySchema,
        response: { 200: okAnswerSchema, ...errors, 409: errorAnswerSchema, 429: errorAnswerSchema },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      await checkedCode(admin.id, request.ip, () => auth.mfa.disable(admin.id, request.body.code));
      return { message: messages.mfaDisabled };
    },
  );

  await app.register(securityRoutes);
}
