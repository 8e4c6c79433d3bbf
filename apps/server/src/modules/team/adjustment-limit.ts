import { messages } from "@rewards/contract";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { appMembers, pointsLedger } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { readTeamSettings } from "./team-settings.ts";

/**
 * The support agents' adjustment limit (docs/features/team.md, "Team rules"): in one app, a support
 * member may add or remove at most the team's `supportAdjustmentLimit` points in any 24 hours, each
 * adjustment counting by its size. Other roles have no limit.
 */

const limited = (actor: Actor): actor is Actor & { accountId: string } =>
  actor.role === "support" && actor.accountId !== null;

/**
 * The limit and what the agent has used of it: the sum of |amount| of their adjustments in the app in the
 * last 24 hours by the database's clock (served by points_ledger_adjustment_actor_idx).
 */
async function usage(executor: Db | Tx, actor: Actor & { accountId: string }) {
  const { supportAdjustmentLimit: limit } = await readTeamSettings(executor, actor.appId);
  const [row] = await executor
    .select({ used: sql<string>`coalesce(sum(abs(${pointsLedger.amount})), 0)` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.reason, "admin_adjustment"),
        eq(pointsLedger.adminId, actor.appId),
        eq(pointsLedger.actorAdminId, actor.accountId),
        gt(pointsLedger.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  const used = Number(row?.used ?? 0);
  return { limit, used, left: Math.max(0, limit - used) };
}

/** Points the member may still adjust in the next 24 hours; null for a role without a limit. */
export async function adjustmentAllowance(db: Db, actor: Actor): Promise<number | null> {
  if (!limited(actor)) return null;
  return (await usage(db, actor)).left;
}

/**
 * Refuses (409 on pointsDelta) an adjustment that would take a support member past the limit. Call it in
 * the adjustment's transaction before the ledger row is written: it locks the member's membership row
 * first, so two adjustments by the same agent are counted one after the other, never both against the
 * same remaining allowance.
 */
export async function checkAdjustmentLimit(tx: Tx, actor: Actor, delta: number): Promise<void> {
  if (!limited(actor) || delta === 0) return;
  await tx
    .select({ role: appMembers.role })
    .from(appMembers)
    .where(and(eq(appMembers.appId, actor.appId), eq(appMembers.adminId, actor.accountId)))
    .for("update");
  const { limit, used, left } = await usage(tx, actor);
  if (used + Math.abs(delta) > limit) {
    const message = messages.adjustmentOverLimit(limit, left);
    throw new AppError(409, message, { pointsDelta: message });
  }
}
