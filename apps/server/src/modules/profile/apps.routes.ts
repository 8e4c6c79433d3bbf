import { messages, profileEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { currentAdmin, currentSession } from "../../plugins/require-admin.ts";
import { type AuthService, clientOf, endSession } from "../auth/index.ts";
import type { TeamService } from "../team/index.ts";

/** The app switcher: the apps the account belongs to, and a new session acting in one of them. */
export async function profileAppRoutes(
  app: FastifyInstance,
  { auth, team }: { auth: AuthService; team: TeamService },
) {
  const { db } = app.deps;
  // Open before 2FA enrolment: a member held to a team's 2FA rule may still switch to an app without it.
  const beforeMfaEnrolment = { config: { beforeMfaEnrolment: true } };

  route(
    app,
    profileEndpoints.apps,
    async (request) => ({ apps: await team.appsOf(currentAdmin(request).id) }),
    beforeMfaEnrolment,
  );

  route(
    app,
    profileEndpoints.switchApp,
    async (request) => {
      const admin = currentAdmin(request);
      if (!(await team.isMember(request.params.appId, admin.id))) throw new AppError(404, messages.notFound);
      const accessToken = await auth.signInToApp(admin, request.params.appId, clientOf(request));
      await endSession(db, admin.id, currentSession(request).id, new Date());
      return { accessToken };
    },
    beforeMfaEnrolment,
  );
}
