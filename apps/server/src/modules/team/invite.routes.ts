import { type Message, messages, teamEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { bearerToken } from "../../lib/bearer-token.ts";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { type AdminRow, type AuthService, clientOf } from "../auth/index.ts";
import type { TeamService } from "./team.service.ts";

/** An invitation link, before an account is open: what it offers, and accepting it. */
export async function inviteRoutes(
  app: FastifyInstance,
  { auth, team }: { auth: AuthService; team: TeamService },
) {
  route(app, teamEndpoints.checkInvite, async (request) => {
    const details = await team.checkInvite(request.params.token);
    if (!details) throw new AppError(404, messages.inviteInvalid);
    return details;
  });

  route(app, teamEndpoints.acceptInvite, async (request) => {
    const token = bearerToken(request);
    if (token) {
      // A signed-in account joins: its own session's token proves who it is.
      const signedIn = await auth.authenticateSession(token);
      if (!signedIn) throw new AppError(401, messages.unauthorized);
      const { appId } = await team.accept(request.params.token, async (_tx, invite) => {
        if (invite.email !== signedIn.admin.username) throw new AppError(403, messages.inviteWrongAccount);
        return { adminId: signedIn.admin.id, created: false };
      });
      return { accessToken: await auth.signInToApp(signedIn.admin, appId, clientOf(request)) };
    }
    const { fullName, password } = request.body;
    if (!fullName || !password) {
      const fieldErrors: Record<string, Message> = {};
      if (!fullName) fieldErrors.fullName = messages.required;
      if (!password) fieldErrors.password = messages.required;
      throw new AppError(400, Object.values(fieldErrors)[0] ?? messages.required, fieldErrors);
    }
    const passwordHash = await auth.hashNewPassword(password);
    let account: AdminRow | undefined;
    const { appId } = await team.accept(request.params.token, async (tx, invite) => {
      account = await auth.openInvitedAccount(tx, { fullName, email: invite.email, passwordHash });
      return { adminId: account.id, created: true };
    });
    if (!account) throw new Error("no account after accepting");
    return { accessToken: await auth.signInToApp(account, appId, clientOf(request)) };
  });
}
