import { randomUUID } from "node:crypto";
import { defaultPayoutSettings } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversionOf, readUserHistory } from "../../../test/support/conversions.ts";
import { watchStatements } from "../../../test/support/statements.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, completedOffers, pointHolds, pointsLedger, postbackLog } from "../../db/schema/index.ts";
import type { HoldSettings } from "../payouts/index.ts";
import { applyConversion, creditAtOnce, type Rules } from "./apply-conversion.ts";
import { type LogFields, logRow } from "./log-entry.ts";

// A new credit is one statement (creditAtOnce): the offer, the shares' moves and the log row are written
// together or not at all, and anything that is not a new plain credit is left to the transaction.

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
});
afterAll(() => t?.close());

const noHolds: HoldSettings = { holdRules: [], reversalHold: null };
const defaults: HoldSettings = {
  holdRules: defaultPayoutSettings.holdRules,
  reversalHold: defaultPayoutSettings.reversalHold,
};

async function addUser(referredBy: string | null = null) {
  const id = randomUUID();
  await t.db.insert(appUsers).values({
    id,
    adminId: a.id,
    username: `${id}@users.test`,
    referCode: id.slice(0, 6),
    referredBy,
  });
  return id;
}

const rulesFor = (holdSettings: HoldSettings, referrerId: string | null = null): Rules => ({
  adminId: a.id,
  network: "adgateow",
  points: 40,
  referrerId,
  referralPoints: referrerId ? 4 : 0,
  holdSettings,
});

const request = (tx: string) => ({
  postbackKey: "key-for-the-log",
  network: "adgateow" as const,
  method: "GET",
  fullUrls: [],
  ip: "203.0.113.9",
  query: { tx, hash: "signed" },
  body: null,
});

const logOf = (tx: string) => (fields: LogFields) => logRow(request(tx), a.id, fields);

// The history over the default rules' window, which the rules these tests pass in share (none are saved).
const history = (userId: string) => readUserHistory(t.db, a.id, userId);

const balanceOf = async (id: string) => {
  const [row] = await t.db
    .select({ points: appUsers.points, pending: appUsers.pendingPoints })
    .from(appUsers)
    .where(eq(appUsers.id, id));
  return row;
};
const countWhere = async (
  table: typeof pointsLedger | typeof postbackLog,
  column: typeof pointsLedger.referenceId | typeof postbackLog.transactionId,
  value: string,
) => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, value));
  return row?.n ?? 0;
};

describe("a new credit in one statement", () => {
  it("stores the offer, credits the user and the referrer, and logs the request", async () => {
    const referrer = await addUser();
    const user = await addUser(referrer);
    const tx = `tx-${randomUUID()}`;
    const rules = rulesFor(noHolds, referrer);
    const fields = await creditAtOnce(t.db, rules, conversionOf(user, tx), await history(user), logOf(tx));
    expect(fields).toMatchObject({ outcome: "credited", points: 40, transactionId: tx });
    expect(await balanceOf(user)).toEqual({ points: 40, pending: 0 });
    expect(await balanceOf(referrer)).toEqual({ points: 4, pending: 0 });
    const [offer] = await t.db.select().from(completedOffers).where(eq(completedOffers.transactionId, tx));
    expect(offer).toMatchObject({ status: "credited", points: 40, referrerId: referrer, referralPoints: 4 });
    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.referenceId, offer?.id ?? ""));
    expect(ledger.map((row) => [row.userId, row.amount, row.reason]).sort()).toEqual(
      [
        [user, 40, "offer"],
        [referrer, 4, "referral"],
      ].sort(),
    );
    const [log] = await t.db.select().from(postbackLog).where(eq(postbackLog.transactionId, tx));
    expect(log).toMatchObject({
      outcome: "credited",
      points: 40,
      httpStatus: 200,
      response: "1",
      query: expect.objectContaining({ tx }),
    });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("holds both shares under the app's rules, each with its hold row", async () => {
    const referrer = await addUser();
    const user = await addUser(referrer);
    const tx = `tx-${randomUUID()}`;
    // The default rules hold $3+ from a new user.
    const fields = await creditAtOnce(
      t.db,
      rulesFor(defaults, referrer),
      conversionOf(user, tx, { payoutUsd: 5 }),
      await history(user),
      logOf(tx),
    );
    expect(fields?.outcome).toBe("credited");
    expect(await balanceOf(user)).toEqual({ points: 0, pending: 40 });
    expect(await balanceOf(referrer)).toEqual({ points: 0, pending: 4 });
    const holds = await t.db.select().from(pointHolds).where(eq(pointHolds.userId, user));
    expect(holds).toHaveLength(1);
    expect(holds[0]?.reason).toMatch(/^Rule 1: /);
    const referral = await t.db.select().from(pointHolds).where(eq(pointHolds.userId, referrer));
    expect(referral[0]?.reason).toMatch(/^Referral share\. Rule 1: /);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("credits each kind of credit in turn with its own values, whichever kind ran before", async () => {
    // One prepared statement writes every kind of credit (which shares, held or not, logged or not) from
    // each call's values: a credit written with another's values, or with an earlier call's, would credit
    // the wrong user, balance or amount.
    const shapes = [
      { referred: true, held: true, logged: true },
      { referred: false, held: false, logged: false },
      { referred: true, held: false, logged: true },
      { referred: false, held: true, logged: false },
      { referred: true, held: true, logged: false },
      { referred: false, held: false, logged: true },
      { referred: true, held: false, logged: true },
      { referred: true, held: true, logged: true },
    ];
    for (const [index, shape] of shapes.entries()) {
      const referrer = shape.referred ? await addUser() : null;
      const user = await addUser(referrer);
      const tx = `tx-${randomUUID()}`;
      const points = 100 + index;
      const rules = {
        ...rulesFor(shape.held ? defaults : noHolds, referrer),
        points,
        referralPoints: referrer ? index + 1 : 0,
      };
      // The default rules hold $3+ from a new user; $1 is not held.
      const conversion = conversionOf(user, tx, { payoutUsd: shape.held ? 5 : 1 });
      const fields = await creditAtOnce(
        t.db,
        rules,
        conversion,
        await history(user),
        shape.logged ? logOf(tx) : undefined,
      );
      expect(fields, `shape ${index}`).toMatchObject({ outcome: "credited", points, transactionId: tx });
      const credited = (amount: number) =>
        shape.held ? { points: 0, pending: amount } : { points: amount, pending: 0 };
      expect(await balanceOf(user), `shape ${index}`).toEqual(credited(points));
      if (referrer) expect(await balanceOf(referrer), `shape ${index}`).toEqual(credited(index + 1));
      const [offer] = await t.db.select().from(completedOffers).where(eq(completedOffers.transactionId, tx));
      expect(offer, `shape ${index}`).toMatchObject({
        userId: user,
        points,
        payout: shape.held ? 5 : 1,
        referrerId: referrer,
        referralPoints: referrer ? index + 1 : 0,
      });
      const ledger = await t.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.referenceId, offer?.id ?? ""));
      expect(ledger.map((row) => [row.userId, row.amount, row.bucket]).sort(), `shape ${index}`).toEqual(
        [
          [user, points, shape.held ? "pending" : "available"],
          ...(referrer ? [[referrer, index + 1, shape.held ? "pending" : "available"]] : []),
        ].sort(),
      );
      const holds = await t.db
        .select()
        .from(pointHolds)
        .where(eq(pointHolds.offerId, offer?.id ?? ""));
      expect(holds.map((hold) => [hold.userId, hold.points]).sort(), `shape ${index}`).toEqual(
        shape.held ? [[user, points], ...(referrer ? [[referrer, index + 1]] : [])].sort() : [],
      );
      expect(await countWhere(postbackLog, postbackLog.transactionId, tx), `shape ${index}`).toBe(
        shape.logged ? 1 : 0,
      );
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("writes nothing for a transaction stored already, and leaves it to the transaction", async () => {
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    const rules = rulesFor(noHolds);
    const before = await history(user);
    expect(await creditAtOnce(t.db, rules, conversionOf(user, tx), before, logOf(tx))).not.toBeNull();
    expect(await creditAtOnce(t.db, rules, conversionOf(user, tx), before, logOf(tx))).toBeNull();
    expect(await balanceOf(user)).toEqual({ points: 40, pending: 0 });
    expect(await countWhere(postbackLog, postbackLog.transactionId, tx)).toBe(1);
    const answer = await t.db.transaction((tx2) =>
      applyConversion(tx2, rules, conversionOf(user, tx), before),
    );
    expect(answer.outcome).toBe("duplicate");
    expect(await balanceOf(user)).toEqual({ points: 40, pending: 0 });
  });

  it("leaves a pending conversion's approval, a pending conversion and a single-use signature to the transaction", async () => {
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    const rules = rulesFor(noHolds);
    const none = await history(user);
    expect(await creditAtOnce(t.db, rules, conversionOf(user, tx, { kind: "pending" }), none)).toBeNull();
    expect(
      await creditAtOnce(t.db, rules, { ...conversionOf(user, tx), singleUseSignature: "d" }, none),
    ).toBeNull();
    await t.db.transaction((tx2) =>
      applyConversion(tx2, rules, conversionOf(user, tx, { kind: "pending" }), none),
    );
    // Stored as pending: the one statement finds it and writes nothing; the transaction credits it.
    expect(await creditAtOnce(t.db, rules, conversionOf(user, tx), none, logOf(tx))).toBeNull();
    expect(await balanceOf(user)).toEqual({ points: 0, pending: 0 });
    const answer = await t.db.transaction((tx2) => applyConversion(tx2, rules, conversionOf(user, tx), none));
    expect(answer.outcome).toBe("credited");
    expect(await balanceOf(user)).toEqual({ points: 40, pending: 0 });
  });

  it("leaves a credit whose reversal rate flags the user to the transaction (the flag is a write of its own)", async () => {
    const user = await addUser();
    const settings: HoldSettings = {
      holdRules: [],
      reversalHold: { ratePercent: 20, windowDays: 30, minOffers: 2, holdDays: 30 },
    };
    const rules = rulesFor(settings);
    const txs = [`tx-${randomUUID()}`, `tx-${randomUUID()}`];
    for (const tx of txs) {
      await creditAtOnce(t.db, rules, conversionOf(user, tx), await history(user));
    }
    const before = await history(user);
    await t.db.transaction((tx2) =>
      applyConversion(tx2, rules, conversionOf(user, txs[0] as string, { kind: "reversal" }), before),
    );
    const flagged = await history(user);
    expect(flagged).toMatchObject({ windowOffers: 2, windowReversed: 1, reversals: 1 });
    expect(await creditAtOnce(t.db, rules, conversionOf(user, `tx-${randomUUID()}`), flagged)).toBeNull();
  });

  it("writes nothing at all when any part fails: the log row's refusal takes the credit back", async () => {
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    // An http status no integer column holds: the statement fails at its last write.
    const badLog = (fields: LogFields) => ({ ...logRow(request(tx), a.id, fields), httpStatus: 2 ** 40 });
    await expect(
      creditAtOnce(t.db, rulesFor(noHolds), conversionOf(user, tx), await history(user), badLog),
    ).rejects.toThrow();
    expect(await balanceOf(user)).toEqual({ points: 0, pending: 0 });
    const offers = await t.db.select().from(completedOffers).where(eq(completedOffers.transactionId, tx));
    expect(offers).toEqual([]);
    expect(await countWhere(postbackLog, postbackLog.transactionId, tx)).toBe(0);
  });

  it("credits once when the same transaction arrives twenty times at the same instant", async () => {
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    const rules = rulesFor(noHolds);
    const none = await history(user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creditAtOnce(t.db, rules, conversionOf(user, tx), none, logOf(tx))),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(user)).toEqual({ points: 40, pending: 0 });
    expect(await countWhere(postbackLog, postbackLog.transactionId, tx)).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("credits that arrive together", () => {
  // A credit that finds no statement at work goes alone; those arriving meanwhile go together in the next.
  const creditOf = (user: string, referrer: string | null, held = false) => {
    const tx = `tx-${randomUUID()}`;
    const conversion = conversionOf(user, tx, { payoutUsd: held ? 5 : 1 });
    return {
      tx,
      run: (h: Awaited<ReturnType<typeof history>>) =>
        creditAtOnce(t.db, rulesFor(held ? defaults : noHolds, referrer), conversion, h, logOf(tx)),
    };
  };
  const batchStatements = () => {
    const watch = watchStatements(t.db, ["completed_offers"]);
    return () => {
      watch.stop();
      return watch.sent().filter((text) => text.includes("jsonb_to_recordset")).length;
    };
  };

  it("writes those arriving while a statement is at work in one, every share of a user counted", async () => {
    const referrer = await addUser();
    const user = await addUser(referrer);
    const referred = await addUser(user);
    const heldUser = await addUser();
    const none = await history(referrer);
    const fresh = await history(heldUser);
    const credits = [
      creditOf(referrer, null),
      creditOf(user, referrer),
      creditOf(referred, user),
      creditOf(user, referrer),
      creditOf(heldUser, null, true),
      creditOf(referrer, null),
      creditOf(referred, user),
      creditOf(user, referrer),
    ];
    const statements = batchStatements();
    const answers = await Promise.all(credits.map((c, i) => c.run(i === 4 ? fresh : none)));
    expect(statements()).toBe(2);
    expect(answers.map((answer) => answer?.outcome)).toEqual(credits.map(() => "credited"));
    // The referrer: two credits of its own and a share of each of the user's three.
    expect(await balanceOf(referrer)).toEqual({ points: 2 * 40 + 3 * 4, pending: 0 });
    expect(await balanceOf(user)).toEqual({ points: 3 * 40 + 2 * 4, pending: 0 });
    expect(await balanceOf(referred)).toEqual({ points: 2 * 40, pending: 0 });
    expect(await balanceOf(heldUser)).toEqual({ points: 0, pending: 40 });
    const holds = await t.db.select().from(pointHolds).where(eq(pointHolds.userId, heldUser));
    expect(holds.map((hold) => hold.points)).toEqual([40]);
    for (const { tx } of credits) {
      expect(await countWhere(postbackLog, postbackLog.transactionId, tx)).toBe(1);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("credits a transaction sent twice in one batch once", async () => {
    const user = await addUser();
    const none = await history(user);
    const first = creditOf(user, null);
    const twice = creditOf(user, null);
    const statements = batchStatements();
    const answers = await Promise.all([first.run(none), twice.run(none), twice.run(none)]);
    expect(statements()).toBe(2);
    expect(answers[0]?.outcome).toBe("credited");
    expect(answers.slice(1).filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(user)).toEqual({ points: 80, pending: 0 });
    expect(await countWhere(postbackLog, postbackLog.transactionId, twice.tx)).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("fails only the credit the database refuses, and writes the others of its batch", async () => {
    const user = await addUser();
    const none = await history(user);
    const good = [creditOf(user, null), creditOf(user, null), creditOf(user, null)];
    const tx = `tx-${randomUUID()}`;
    // An http status no integer column holds: refused at the statement's last write.
    const badLog = (fields: LogFields) => ({ ...logRow(request(tx), a.id, fields), httpStatus: 2 ** 40 });
    const bad = creditAtOnce(t.db, rulesFor(noHolds), conversionOf(user, tx), none, badLog);
    const answers = await Promise.allSettled([
      good[0]?.run(none),
      bad,
      good[1]?.run(none),
      good[2]?.run(none),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(await balanceOf(user)).toEqual({ points: 120, pending: 0 });
    expect(await t.db.select().from(completedOffers).where(eq(completedOffers.transactionId, tx))).toEqual(
      [],
    );
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
