import { type EnableFlag, type Giveaway, type giveawayBodySchema, messages } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { giveaways } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";

type GiveawayRow = typeof giveaways.$inferSelect;
type GiveawayInput = z.output<typeof giveawayBodySchema>;

const toGiveaway = (row: GiveawayRow): Giveaway => ({
  _id: row.id,
  adminId: row.adminId,
  giveawayTitle: row.giveawayTitle,
  giveawayDescription: row.giveawayDescription,
  giveawayStatus: row.giveawayStatus as EnableFlag,
  winnerTitle: row.winnerTitle,
  winnerDescription: row.winnerDescription,
  winnerStatus: row.winnerStatus as EnableFlag,
  updatedAt: row.updatedAt.toISOString(),
});

/** The tenant's giveaway, or empty cards without `_id` until the first save (SPEC 4 save rule). */
export async function getGiveaway(db: Db, adminId: string): Promise<Giveaway> {
  const [row] = await db.select().from(giveaways).where(eq(giveaways.adminId, adminId));
  if (row) return toGiveaway(row);
  return {
    adminId,
    giveawayTitle: "",
    giveawayDescription: "",
    giveawayStatus: 0,
    winnerTitle: "",
    winnerDescription: "",
    winnerStatus: 0,
    updatedAt: null,
  };
}

/** One giveaway per tenant: a second create (another tab, a double click) answers 409. */
export async function createGiveaway(db: Db, adminId: string, input: GiveawayInput): Promise<Giveaway> {
  const [row] = await db
    .insert(giveaways)
    .values({ id: newId(), adminId, ...input })
    .onConflictDoNothing({ target: giveaways.adminId })
    .returning();
  if (!row) throw new AppError(409, messages.settingExists);
  return toGiveaway(row);
}

/** Saves the card(s) sent; the other card keeps what it had. */
export async function updateGiveaway(
  db: Db,
  adminId: string,
  id: string,
  input: GiveawayInput,
): Promise<Giveaway | null> {
  const [row] = await db
    .update(giveaways)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(giveaways.adminId, adminId), eq(giveaways.id, id)))
    .returning();
  return row ? toGiveaway(row) : null;
}
