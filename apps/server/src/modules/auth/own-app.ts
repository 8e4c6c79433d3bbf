import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { appMembers } from "../../db/schema/index.ts";

/** An account that registers owns its own app, named by the account's id (docs/features/team.md). */
export async function giveOwnApp(db: Db | Tx, adminId: string) {
  await db.insert(appMembers).values({ appId: adminId, adminId, role: "owner" });
}

/** The order an account's apps come in: its own app first, then the ones it joined, oldest first. */
export const ownAppFirst = (adminId: string) => [
  sql`${appMembers.appId} = ${adminId} desc`,
  asc(appMembers.createdAt),
];
