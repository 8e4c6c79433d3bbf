import { authEndpoints, messages, profileEndpoints } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { countSignInAttempt, type Guards } from "../../lib/rate-limit.ts";
import { route } from "../../lib/route.ts";
import { actorOf, currentAdmin, currentApp, currentSession } from "../../plugins/require-admin.ts";
import {
  type AuthService,
  endSession,
  endSessions,
  listSessions,
  setLanguage,
  toProfile,
} from "../auth/index.ts";
import { getGeneralConfig } from "../settings/index.ts";
import { adjustmentAllowance } from "../team/index.ts";

// What an administrator who must still turn 2FA on may call (the installation requires it).
const beforeMfaEnrolment = { config: { beforeMfaEnrolment: true } };

/** The signed-in administrator's own account: profile, sessions, sign-out and two-factor sign-in. */
export async function profileRoutes(
  app: FastifyInstance,
  { auth, guards }: { auth: AuthService; guards: Guards },
) {
  const { db } = app.deps;

  const profileOf = async (request: FastifyRequest, admin = currentAdmin(request)) => {
    const app = currentApp(request);
    const [allowance, general] = await Promise.all([
      adjustmentAllowance(db, actorOf(request)),
      getGeneralConfig(db, app.id),
    ]);
    return toProfile(admin, app, {
      mfaRequired: currentSession(request).mfaRequired,
      adjustmentAllowance: allowance,
      acceptLanguage: request.headers["accept-language"],
      timeZone: general.timeZone,
    });
  };

  route(app, profileEndpoints.me, async (request) => profileOf(request), beforeMfaEnrolment);

  route(
    app,
    profileEndpoints.update,
    async (request) => {
      const admin = await setLanguage(db, currentAdmin(request).id, request.body.language);
      return profileOf(request, admin ?? currentAdmin(request));
    },
    beforeMfaEnrolment,
  );

  route(
    app,
    authEndpoints.logout,
    async (request) => {
      await endSession(db, currentAdmin(request).id, currentSession(request).id, new Date());
      return { message: messages.signedOut };
    },
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.sessions,
    async (request) => listSessions(db, currentAdmin(request).id, currentSession(request).id, new Date()),
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.endSession,
    async (request) => {
      const ended = await endSession(db, currentAdmin(request).id, request.params.id, new Date());
      if (!ended) throw new AppError(404, messages.notFound);
      return { message: messages.sessionEnded };
    },
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.endSessions,
    async (request) => {
      await endSessions(db, currentAdmin(request).id, new Date());
      return { message: messages.sessionsEnded };
    },
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.mfaSetup,
    async (request) => auth.mfa.setup(currentAdmin(request)),
    beforeMfaEnrolment,
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

  route(
    app,
    profileEndpoints.mfaEnable,
    async (request) => {
      const admin = currentAdmin(request);
      let recoveryCodes: string[] | null = null;
      await checkedCode(admin.id, request.ip, async () => {
        recoveryCodes = await auth.mfa.enable(admin.id, request.body.code);
        return recoveryCodes !== null;
      });
      return { recoveryCodes: recoveryCodes ?? [] };
    },
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.mfaDisable,
    async (request) => {
      const admin = currentAdmin(request);
      await checkedCode(admin.id, request.ip, () => auth.mfa.disable(admin.id, request.body.code));
      return { message: messages.mfaDisabled };
    },
    beforeMfaEnrolment,
  );
}
