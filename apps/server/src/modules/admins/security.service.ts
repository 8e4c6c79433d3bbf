import { messages, type SecuritySettings } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { installationSettings } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { type AdminRow, requireMfaSettingKey } from "../auth/index.ts";

/** The installation's sign-in rules, set by the owner: whether every administrator needs 2FA. */
export async function readSecuritySettings(db: Db): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, requireMfaSettingKey));
  return { requireMfa: row?.value === "true" };
}

/**
 * The installation's rules belong to no app: like approvals, a change is recorded in the installation
 * owner's own app (named by their account id, which they own), with the owner as the member who acted.
 */
const installationOwner = (owner: AdminRow): Actor => ({
  appId: owner.id,
  accountId: owner.id,
  role: "owner",
});

export async function saveSecuritySettings(
  db: Db,
  owner: AdminRow,
  { requireMfa }: SecuritySettings,
): Promise<SecuritySettings> {
  // The owner goes first: otherwise the rule would send the owner to enrolment too, with the
  // switch to undo it out of reach.
  if (requireMfa && !owner.mfaEnabledAt) {
    throw new AppError(400, messages.mfaOwnerFirst, { requireMfa: messages.mfaOwnerFirst });
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: installationSettings.value })
      .from(installationSettings)
      .where(eq(installationSettings.key, requireMfaSettingKey))
      .for("update");
    const value = String(requireMfa);
    await tx
      .insert(installationSettings)
      .values({ key: requireMfaSettingKey, value })
      .onConflictDoUpdate({ target: installationSettings.key, set: { value } });
    await recordAudit(
      tx,
      byActor(installationOwner(owner), {
        action: "settings.security.save",
        recordType: "securityConfig",
        recordId: null,
        changes: changesBetween({ requireMfa: before?.value === "true" }, { requireMfa }),
      }),
    );
    return { requireMfa };
  });
}
