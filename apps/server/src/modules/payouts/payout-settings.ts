import { defaultPayoutSettings, messages, type PayoutSettings } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payoutSettings } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * The app's payout rules: its saved row, or the defaults while it has none. `lock` "share" is what a pay
 * or an approval takes: a save (which locks the row for update) waits for the pays in flight, and every pay
 * that starts after the save sees it. "update" is the save's own lock.
 */
export async function readPayoutSettings(
  executor: Db | Tx,
  appId: string,
  lock?: "share" | "update",
): Promise<PayoutSettings> {
  const query = executor
    .select({ paused: payoutSettings.paused, approvalAbove: payoutSettings.approvalAbove })
    .from(payoutSettings)
    .where(eq(payoutSettings.appId, appId));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? { ...defaultPayoutSettings };
}

/** Saves the app's payout rules (the row is created on the first save), audited before and after. */
export async function savePayoutSettings(
  db: Db,
  actor: Actor,
  input: PayoutSettings,
): Promise<PayoutSettings> {
  return db.transaction(async (tx) => {
    const before = await readPayoutSettings(tx, actor.appId, "update");
    const saved = { paused: input.paused, approvalAbove: input.approvalAbove };
    const updatedAt = new Date();
    await tx
      .insert(payoutSettings)
      .values({ appId: actor.appId, ...saved, updatedAt })
      .onConflictDoUpdate({ target: payoutSettings.appId, set: { ...saved, updatedAt } });
    await recordAudit(
      tx,
      byActor(actor, {
        action: "payoutSettings.update",
        recordType: "payoutSettings",
        recordId: null,
        changes: changesBetween(before, saved),
      }),
    );
    return saved;
  });
}

/** A redeem of this cost needs a member's approval before it is paid (the app's approval amount is set and exceeded). */
export const needsApproval = (settings: PayoutSettings, cost: number) =>
  settings.approvalAbove !== null && cost > settings.approvalAbove;

/** Paying is refused while the app's payouts are paused (409). */
export function assertNotPaused(settings: PayoutSettings): void {
  if (settings.paused) throw new AppError(409, messages.payoutsPaused);
}

type Approvable = { rewardCost: number; approvedByAdminId: string | null };

/**
 * Four-eyes: a redeem that needs an approval is paid only once a member approved it, and by another member
 * than the one who approved it (409 otherwise). The shell (no member) pays as no one, so never as the approver.
 */
export function assertPayableBy(settings: PayoutSettings, redeem: Approvable, payer: string | null): void {
  if (!needsApproval(settings, redeem.rewardCost)) return;
  if (!redeem.approvedByAdminId) {
    throw new AppError(409, messages.approvalNeeded(settings.approvalAbove ?? 0));
  }
  if (redeem.approvedByAdminId === payer) throw new AppError(409, messages.approverCannotPay);
}
