import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert, readUserHistory, userHistoryQuery } from "../../../test/support/conversions.ts";
import { planNodes } from "../../../test/support/plans.ts";
import {
  ledgerMismatches,
  offerTotalsMismatches,
  type Tenant,
  twoTenants,
} from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, completedOffers, userOfferTotals } from "../../db/schema/index.ts";

// What the hold rules read of a user's history: the whole history's dollars and reversals from running
// totals a trigger keeps at commit, the reversal rate's window from the offers themselves.

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
});
afterAll(() => t?.close());

async function addUser() {
  const id = randomUUID();
  await t.db
    .insert(appUsers)
    .values({ id, adminId: a.id, username: `${id}@users.test`, referCode: id.slice(0, 6) });
  return id;
}

/** The user's totals as kept; every user's must equal a sum over their offers, and the history read them. */
async function expectTotals(userId: string, usd: number, reversals: number) {
  const [kept] = await t.db.select().from(userOfferTotals).where(eq(userOfferTotals.userId, userId));
  expect(kept).toEqual({ userId, adminId: a.id, creditedUsd: usd, reversals });
  expect(await offerTotalsMismatches(t.db, a.id)).toEqual([]);
  const history = await readUserHistory(t.db, a.id, userId);
  expect({ lifetimeUsd: history.lifetimeUsd, reversals: history.reversals }).toEqual({
    lifetimeUsd: usd,
    reversals,
  });
}

describe("a user's offer totals", () => {
  it("follow every change of their offers: credits, approvals, reversals, a reversal first, edits", async () => {
    const user = await addUser();
    const tx = () => `tx-${randomUUID()}`;
    const [first, second, pending, early] = [tx(), tx(), tx(), tx()];
    await convert(t.db, { adminId: a.id, userId: user, tx: first, payoutUsd: 2.5 });
    await convert(t.db, { adminId: a.id, userId: user, tx: second, payoutUsd: 1.25 });
    await expectTotals(user, 3.75, 0);

    // A pending conversion counts nothing until it is approved, at its approved payout.
    await convert(t.db, { adminId: a.id, userId: user, tx: pending, payoutUsd: 4, kind: "pending" });
    await expectTotals(user, 3.75, 0);
    await convert(t.db, { adminId: a.id, userId: user, tx: pending, payoutUsd: 4.5 });
    await expectTotals(user, 8.25, 0);

    // A reversal takes the dollars back out and counts; a repeated one changes nothing.
    await convert(t.db, { adminId: a.id, userId: user, tx: first, kind: "reversal" });
    await convert(t.db, { adminId: a.id, userId: user, tx: first, kind: "reversal" });
    await expectTotals(user, 5.75, 1);
    // A reversal before its conversion is stored reversed, and its conversion never credits.
    await convert(t.db, { adminId: a.id, userId: user, tx: early, kind: "reversal" });
    await convert(t.db, { adminId: a.id, userId: user, tx: early, payoutUsd: 9 });
    await expectTotals(user, 5.75, 2);

    // An edit of a payout in SQL (as a support fix would make) moves the totals too.
    await t.db
      .update(completedOffers)
      .set({ payout: 10 })
      .where(and(eq(completedOffers.userId, user), eq(completedOffers.transactionId, second)));
    await expectTotals(user, 14.5, 2);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("move with an offer given to another user, and go with a deleted user", async () => {
    const [from, to] = [await addUser(), await addUser()];
    const moved = `tx-${randomUUID()}`;
    await convert(t.db, { adminId: a.id, userId: from, tx: moved, payoutUsd: 3 });
    await convert(t.db, { adminId: a.id, userId: from, tx: `tx-${randomUUID()}`, payoutUsd: 1 });
    await t.db.update(completedOffers).set({ userId: to }).where(eq(completedOffers.transactionId, moved));
    await expectTotals(from, 1, 0);
    await expectTotals(to, 3, 0);

    await t.db.delete(appUsers).where(eq(appUsers.id, from));
    expect(await t.db.select().from(userOfferTotals).where(eq(userOfferTotals.userId, from))).toEqual([]);
    expect(await offerTotalsMismatches(t.db, a.id)).toEqual([]);
    await expectTotals(to, 3, 0);
  });
});

/** Rows the history read took from completed_offers, from its EXPLAIN ANALYZE. */
async function offerRowsRead(userId: string): Promise<number> {
  const query = userHistoryQuery(t.db, a.id, userId);
  const nodes = planNodes(await t.db.execute(sql`explain (analyze, format json) ${query}`));
  return nodes
    .filter((node) => node["Relation Name"] === "completed_offers")
    .reduce((sum, node) => sum + (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1), 0);
}

it("reads a long history in a bounded read: its totals, and only the reversal window's offers", async () => {
  const user = await addUser();
  const old = new Date(Date.now() - 90 * 86_400_000);
  await t.db.insert(completedOffers).values(
    Array.from({ length: 400 }, (_, i) => ({
      id: randomUUID(),
      adminId: a.id,
      userId: user,
      network: "adgateow",
      transactionId: `old-${user}-${i}`,
      offerName: "An old offer",
      payout: 0.5,
      points: 50,
      status: i % 10 === 0 ? ("reversed" as const) : ("credited" as const),
      date: old,
    })),
  );
  await convert(t.db, { adminId: a.id, userId: user, tx: `tx-${randomUUID()}`, payoutUsd: 2 });
  const history = await readUserHistory(t.db, a.id, user);
  expect(history).toMatchObject({ lifetimeUsd: 182, reversals: 40, windowOffers: 1, windowReversed: 0 });
  // Summed from the offers, this read went through all 401 of them on every postback of the user.
  expect(await offerRowsRead(user)).toBe(1);
});
