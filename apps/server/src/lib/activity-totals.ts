import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityTotals } from "../db/schema/index.ts";

/**
 * A tenant's exact all-time number of app users, completed offers or redeems, from the totals the
 * activity triggers keep at every commit (8 rows, however many millions they count).
 */
export async function tenantTotal(db: Db, adminId: string, what: "users" | "offers" | "redeems") {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${activityTotals[what]}), 0)` })
    .from(activityTotals)
    .where(eq(activityTotals.adminId, adminId));
  return Number(row?.value ?? 0);
}
