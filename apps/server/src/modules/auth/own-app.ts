import type { Db, Tx } from "../../db/client.ts";
import { appMembers } from "../../db/schema/index.ts";

/** An account that registers owns its own app, named by the account's id (docs/features/team.md). */
export async function giveOwnApp(db: Db | Tx, adminId: string) {
  await db.insert(appMembers).values({ appId: adminId, adminId, role: "owner" });
}
