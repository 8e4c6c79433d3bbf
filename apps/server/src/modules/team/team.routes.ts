import { messages, teamEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { actorOf, currentAdmin, currentAppId, memberLanguage } from "../../plugins/require-admin.ts";
import type { TeamService } from "./team.service.ts";

/** The team of the session's app: members and invitations (behind the administrator's token). */
export async function teamRoutes(app: FastifyInstance, { team }: { team: TeamService }) {
  route(app, teamEndpoints.list, async (request) => team.team(currentAppId(request)));

  route(app, teamEndpoints.saveSettings, async (request) =>
    team.saveSettings(actorOf(request), currentAdmin(request).mfaEnabledAt !== null, request.body),
  );

  route(app, teamEndpoints.invite, async (request, reply) => {
    const created = await team.invite(
      currentAppId(request),
      { id: currentAdmin(request).id, language: memberLanguage(request) },
      request.body,
    );
    reply.code(201);
    return created;
  });

  route(app, teamEndpoints.withdrawInvite, async (request) => {
    const withdrawn = await team.withdrawInvite(
      currentAppId(request),
      currentAdmin(request).id,
      request.params.id,
    );
    if (!withdrawn) throw new AppError(404, messages.notFound);
    return { message: "Invitation withdrawn" };
  });

  route(app, teamEndpoints.changeRole, async (request) => {
    const member = await team.changeRole(
      currentAppId(request),
      currentAdmin(request).id,
      request.params.id,
      request.body.role,
    );
    if (!member) throw new AppError(404, messages.notFound);
    return member;
  });

  route(app, teamEndpoints.removeMember, async (request) => {
    const removed = await team.removeMember(
      currentAppId(request),
      currentAdmin(request).id,
      request.params.id,
    );
    if (!removed) throw new AppError(404, messages.notFound);
    return { message: "Member removed" };
  });
}
