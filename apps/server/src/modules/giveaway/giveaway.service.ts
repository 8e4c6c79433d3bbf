import {
  type AppGiveaway,
  type EnableFlag,
  type Giveaway,
  type giveawayBodySchema,
  messages,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { giveaways } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
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

/** The tenant's giveaway, or empty cards without `_id` until the first save (decision 0007). */
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

const giveawayEntry = (actor: Actor, id: string, before: GiveawayRow | null, after: GiveawayRow) =>
  byActor(actor, {
    action: "giveaway.save",
    recordType: "giveaway",
    recordId: id,
    changes: changesBetween(before, after),
  });

/** One giveaway per tenant: a second create (another tab, a double click) answers 409. */
export async function createGiveaway(db: Db, actor: Actor, input: GiveawayInput): Promise<Giveaway> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giveaways)
      .values({ id: newId(), adminId: actor.appId, ...input })
      .onConflictDoNothing({ target: giveaways.adminId })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, giveawayEntry(actor, row.id, null, row));
    return toGiveaway(row);
  });
}

/** Saves the card(s) sent; the other card keeps what it had. */
export async function updateGiveaway(
  db: Db,
  actor: Actor,
  id: string,
  input: GiveawayInput,
): Promise<Giveaway | null> {
  return db.transaction(async (tx) => {
    const where = and(eq(giveaways.adminId, actor.appId), eq(giveaways.id, id));
    const [current] = await tx.select().from(giveaways).where(where).for("update");
    if (!current) return null;
    const [row] = await tx
      .update(giveaways)
      .set({ ...input, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, giveawayEntry(actor, id, current, row));
    return toGiveaway(row);
  });
}

/** The giveaway and winners cards as the mobile app shows them (empty and off until the first save). */
export async function appGiveaway(db: Db, adminId: string): Promise<AppGiveaway> {
  const giveaway = await getGiveaway(db, adminId);
  return {
    giveawayTitle: giveaway.giveawayTitle,
    giveawayDescription: giveaway.giveawayDescription,
    giveawayStatus: giveaway.giveawayStatus,
    winnerTitle: giveaway.winnerTitle,
    winnerDescription: giveaway.winnerDescription,
    winnerStatus: giveaway.winnerStatus,
  };
}
