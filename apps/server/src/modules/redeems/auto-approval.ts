import { type Fulfilment, redeemStatus } from "@rewards/contract";
import { and, eq, gte } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { pointsLedger, redeems } from "../../db/schema/index.ts";
import { insertPayouts, needsApproval, readPayoutSettings } from "../payouts/index.ts";
import type { RedeemRow } from "./redeems.mapper.ts";

const dayMs = 86_400_000;

/**
 * Automatic approval, in the redeem request's transaction after the debit: when the app's rules are on
 * and not paused, the item is paid from inventory or by the provider, no member must approve it, it costs
 * at most the rule's points, the account is old enough, (when asked) neither the user nor the request
 * carries a risk reason, and none of the user's offers was reversed in the rule's days, a payout is
 * queued and the redeem is Processing. Answers true then (wake the payout worker after the commit);
 * anything else waits for a person.
 */
export async function autoApprove(
  tx: Tx,
  redeem: RedeemRow,
  fulfilment: Fulfilment,
  userRiskReasons: readonly string[],
  userCreatedAt: Date,
): Promise<boolean> {
  if (fulfilment === "manual") return false;
  const settings = await readPayoutSettings(tx, redeem.adminId, "share");
  const rule = settings.autoApproval;
  if (!rule || settings.paused) return false;
  if (fulfilment === "provider" && !settings.tremendous) return false;
  if (needsApproval(settings, redeem.rewardCost) || redeem.rewardCost > rule.maxPoints) return false;
  const now = Date.now();
  if (now - userCreatedAt.getTime() < rule.minAccountAgeDays * dayMs) return false;
  if (rule.requireLowRisk && (userRiskReasons.length > 0 || redeem.riskReasons.length > 0)) return false;
  const [reversal] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, redeem.userId),
        eq(pointsLedger.reason, "offer_reversal"),
        gte(pointsLedger.createdAt, new Date(now - rule.noReversalDays * dayMs)),
      ),
    )
    .limit(1);
  if (reversal) return false;
  await tx
    .update(redeems)
    .set({ status: redeemStatus.processing, updatedAt: new Date() })
    .where(eq(redeems.id, redeem.id));
  await insertPayouts(tx, [{ appId: redeem.adminId, redeemId: redeem.id, method: fulfilment }]);
  return true;
}
