/** The roles of an app's team, fixed (docs/features/team.md). */
export const memberRoles = ["owner", "admin", "support", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];

/** What a team member may do in the dashboard's API; each of its endpoints names the one it needs. */
export const teamPermissions = [
  /** Lists, details and the dashboard (secrets masked). */
  "app.read",
  /** Ban and unban app users, adjust their points with a reason. */
  "appUsers.moderate",
  /** Pay, cancel, change the status of and approve redeems. */
  "redeems.manage",
  /** Countries, rewards, reward items, the giveaway and native ads. */
  "catalog.write",
  /** Network, mail, push, app, social and general settings: read their secrets and write them. */
  "settings.write",
  "notifications.send",
  /** The audit log (Activity). */
  "audit.read",
  /** Invite, change and remove members; require two-factor authentication of the team. */
  "team.manage",
] as const;
export type TeamPermission = (typeof teamPermissions)[number];

/** The matrix: what each role may do. */
export const roleGrants: Record<MemberRole, readonly TeamPermission[]> = {
  owner: teamPermissions,
  admin: teamPermissions.filter((permission) => permission !== "team.manage"),
  support: ["app.read", "appUsers.moderate", "redeems.manage"],
  viewer: ["app.read"],
};

/**
 * Callers outside the team's matrix: `signedOut` (anyone: signing in, registering, recovery, health,
 * uploaded images), `account` (any signed-in administrator, about their own account: profile, sessions,
 * two-factor, signing out), `installation` (the installation's owner: approving accounts, sign-in rules,
 * the API document), `appKey` (the mobile app before sign-in), `appUser` (a signed-in app user) and
 * `network` (a network's postback, proved by its signature).
 */
export const callerPermissions = [
  "signedOut",
  "account",
  "installation",
  "appKey",
  "appUser",
  "network",
  /** A payout provider's webhook (Tremendous), proved by its signature. */
  "provider",
] as const;
export type CallerPermission = (typeof callerPermissions)[number];

/** Who may call an endpoint: a team permission, or one of the callers outside the matrix. */
export type Permission = TeamPermission | CallerPermission;

export const roleAllows = (role: MemberRole, permission: TeamPermission) =>
  roleGrants[role].includes(permission);
