import { defaultTeamSettings, type TeamSettings } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { teamSettings } from "../../db/schema/index.ts";

/** The app's team rules: its saved row, or the defaults while it has none. */
export async function readTeamSettings(
  executor: Db | Tx,
  appId: string,
  lock = false,
): Promise<TeamSettings> {
  const query = executor
    .select({
      requireMfa: teamSettings.requireMfa,
      supportAdjustmentLimit: teamSettings.supportAdjustmentLimit,
    })
    .from(teamSettings)
    .where(eq(teamSettings.appId, appId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? { ...defaultTeamSettings };
}
