// The team domain's public face: an app's members, its invitations, and the apps an account belongs to.
export { inviteRoutes } from "./invite.routes.ts";
export { teamRoutes } from "./team.routes.ts";
export { createTeamService, type TeamService } from "./team.service.ts";
