// The team domain's public face: an app's members, its invitations, its rules (2FA, the support agents'
// adjustment limit), and the apps an account belongs to.
export { adjustmentAllowance, checkAdjustmentLimit } from "./adjustment-limit.ts";
export { inviteRoutes } from "./invite.routes.ts";
export { teamRoutes } from "./team.routes.ts";
export { createTeamService, type TeamService } from "./team.service.ts";
