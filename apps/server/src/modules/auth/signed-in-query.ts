import { and, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  adminSessions,
  admins,
  appMembers,
  installationSettings,
  teamSettings,
} from "../../db/schema/index.ts";

// The TOTP seeds and the password hash stay out of every query that does not need them: the signed-in
// admin is loaded on each request, and a seed or a hash there could only leak. Sign-in reads the hash
// beside these columns; the 2FA steps read the seeds.
const {
  mfaSecret: _secret,
  mfaPendingSecret: _pending,
  passwordHash: _hash,
  ...adminColumns
} = getTableColumns(admins);

export { adminColumns };

/** installation_settings key of the owner's "require two-factor sign-in for everyone". */
export const requireMfaSettingKey = "require_mfa";

/** The app's owner account, joined a second time for the app's keys. */
const appAccount = alias(admins, "app_account");

/**
 * The query every guarded call runs: the account, the session, the member's role in the session's app and
 * the 2FA rules, for a session id, account id and instant (`at`, ISO). Built once and prepared under a
 * name, so drizzle builds its SQL once per process instead of on every call, and PostgreSQL plans it once
 * per connection.
 */
export function prepareSignedInQuery(db: Db) {
  return (
    db
      .select({
        admin: adminColumns,
        app: {
          id: appAccount.id,
          appKey: appAccount.appKey,
          postbackKey: appAccount.postbackKey,
          role: appMembers.role,
        },
        lastSeenAt: adminSessions.lastSeenAt,
        mfaRequired: sql<boolean>`(coalesce(${teamSettings.requireMfa}, false) or exists (select 1 from ${installationSettings} where ${installationSettings.key} = ${requireMfaSettingKey} and ${installationSettings.value} = 'true'))`,
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      // The session's app and the account's role in it: a member removed from the app opens nothing there.
      .innerJoin(
        appMembers,
        and(eq(appMembers.appId, adminSessions.appId), eq(appMembers.adminId, adminSessions.adminId)),
      )
      .innerJoin(appAccount, eq(appAccount.id, adminSessions.appId))
      .leftJoin(teamSettings, eq(teamSettings.appId, adminSessions.appId))
      .where(
        and(
          eq(adminSessions.id, sql.placeholder("sessionId")),
          eq(adminSessions.adminId, sql.placeholder("adminId")),
          isNull(adminSessions.endedAt),
          gt(adminSessions.expiresAt, sql.placeholder("at")),
        ),
      )
      .prepare("authenticate_session")
  );
}
