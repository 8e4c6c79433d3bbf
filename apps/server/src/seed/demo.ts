import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appUsers } from "../db/schema/index.ts";
import { seedDemoCatalog } from "./demo-catalog.ts";
import { seedDemoData } from "./demo-data.ts";

/**
 * Everything a demo account shows: app users with their offers, redeems and ledger, and the reward
 * catalog. Each part is added only when the account has none of it yet, so running it again adds nothing.
 */
export async function seedDemo(db: Db, adminId: string) {
  const [anyUser] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(eq(appUsers.adminId, adminId))
    .limit(1);
  return {
    data: anyUser ? null : await seedDemoData(db, adminId),
    catalog: await seedDemoCatalog(db, adminId),
  };
}
