import { randomUUID } from "node:crypto";
import type { OfferNetwork, PostbackListAnswer, PostbackLogDetails } from "@rewards/contract";
import { and, eq, like, or, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { md5 } from "../../../test/support/digests.ts";
import { type Conversion, postbackKeyOf, postbackSigning } from "../../../test/support/postback-signing.ts";
import { watchStatements } from "../../../test/support/statements.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, completedOffers, networkConfigs, pointsLedger } from "../../db/schema/index.ts";

// Every request here is built as the network's documentation shows it: the Network screen's hint with
// the network's macros replaced by values, and signatures computed by test/support/postback-signing.ts from
// the documented formulas (docs/postbacks.md), never by the server's code.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let keyOfA: string;
let keyOfB: string;
let referrer: string;
let user: string;

const secret = "pb-secret-0123456789";
const androidSecret = "pb-android-0123456789";
const securityHash = "cpx-security-hash-42";
const publicUrl = "http://rewards.test";
const networks: OfferNetwork[] = [
  "adgateow",
  "adgemow",
  "cpxresearch",
  "lootably",
  "bitlabs",
  "hangmyadsow",
  "hangmyads",
  "ogads",
];
/** Networks whose documentation describes a reversal postback (Lootably's hash does not sign a status). */
const reversible: OfferNetwork[] = ["adgateow", "cpxresearch", "bitlabs"];
/** CPX Research postbacks are taken from its published server addresses only; the tests send from one. */
const cpxServer = "188.40.3.73";

const signing = postbackSigning({
  app: () => t.app,
  secret,
  androidSecret,
  securityHash,
  details: {
    ip: "203.0.113.7",
    offerNames: {
      adgateow: "Play Game & Win",
      adgemow: "Example App: Sports & Casino",
      others: "Install App",
    },
  },
});
const { hintOf } = signing;

/** The URL the network calls: the hint with its macros filled in (URL-encoded), then signed as documented. */
async function postbackUrl(
  network: OfferNetwork,
  s: Conversion,
  options: { bad?: boolean; tenant?: Tenant } = {},
) {
  const hint =
    options.tenant === b ? await hintFor(network, keyOfB) : await hintOf(options.tenant ?? a, network);
  // A bad request: signed with the wrong key, and a wrong secret in the URL.
  const key = options.bad ? "not-the-secret" : signing.keyFor(network);
  return signing.signedUrl(hint, network, s, key, options.bad ? { secretValue: "wrong" } : {});
}

/** Tenant b configures nothing, so its hints are built by hand from the same table. */
async function hintFor(network: OfferNetwork, key: string) {
  const ofA = await hintOf(a, network);
  return ofA.replace(`/postback/${keyOfA}/`, `/postback/${key}/`);
}

const send = (url: string) =>
  t.app.inject({
    method: "GET",
    url: url.replace(publicUrl, ""),
    ...(url.includes("/cpxresearch?") ? { remoteAddress: cpxServer } : {}),
  });
/** The completed offer of a transaction (Lootably's key also carries a digest of its signature). */
const offerOf = (network: OfferNetwork, tx: string) =>
  t.db
    .select()
    .from(completedOffers)
    .where(
      and(
        eq(completedOffers.network, network),
        or(eq(completedOffers.transactionId, tx), like(completedOffers.transactionId, `${tx}#%`)),
      ),
    );
const balance = async (id: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, id)))[0]?.points ?? 0;
const lastLog = async (tenant: Tenant, filter: Record<string, unknown> = {}) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/postbacks?group=false",
    headers: tenant.headers,
    payload: { queryParams: { filter, pageSize: 1 } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostbackListAnswer>();
};

async function addUser(tenant: Tenant, referredBy: string | null = null) {
  const id = randomUUID();
  await t.db.insert(appUsers).values({
    id,
    adminId: tenant.id,
    username: `${id}@users.test`,
    referCode: id.slice(0, 6),
    referredBy,
  });
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  keyOfA = await postbackKeyOf(t.db, a);
  keyOfB = await postbackKeyOf(t.db, b);
  for (const network of networks) await signing.configure(a, network, { androidEnable: 0 });
  // These tests are about crediting: every credit is spendable at once. Held credits: "held credits" below.
  await setHolds({ holdRules: [], reversalHold: null });
  referrer = await addUser(a);
  user = await addUser(a, referrer);
});

/** The app's hold rules (the rest of its payout rules as by default). */
async function setHolds(holds: { holdRules?: unknown[]; reversalHold?: unknown }) {
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/payouts/settings",
    headers: a.headers,
    payload: { paused: false, approvalAbove: null, ...holds },
  });
  expect(response.statusCode, response.body).toBe(200);
}

afterAll(async () => {
  await t?.close();
});

describe.each(networks)("%s postbacks", (network) => {
  const tx = `${network}-tx-1`;
  // 1.25 USD × provision 0.5 × ratio 1000 = 625 points; the referrer's 25% is 156.
  const sample = () => ({ user, tx, payout: "1.25" });

  it("credits a verified conversion and the referrer's share", async () => {
    const [before, referrerBefore] = [await balance(user), await balance(referrer)];
    const response = await send(await postbackUrl(network, sample()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe("1");
    expect(await balance(user)).toBe(before + 625);
    expect(await balance(referrer)).toBe(referrerBefore + 156);
    const [offer] = await offerOf(network, tx);
    expect(offer).toMatchObject({ status: "credited", points: 625, payout: 1.25, userId: user });
    expect((await lastLog(a, { network })).entities[0]).toMatchObject({
      outcome: "credited",
      points: 625,
      transactionId: tx,
    });
  });

  it("credits a duplicate nothing", async () => {
    const before = await balance(user);
    const response = await send(await postbackUrl(network, sample()));
    expect(response.statusCode).toBe(200);
    expect(await balance(user)).toBe(before);
    expect((await lastLog(a, { network })).entities[0]).toMatchObject({ outcome: "duplicate", points: 0 });
  });

  it("refuses a bad signature or secret", async () => {
    const before = await balance(user);
    const response = await send(
      await postbackUrl(network, { ...sample(), tx: `${tx}-forged` }, { bad: true }),
    );
    expect(response.statusCode).toBe(403);
    expect(await balance(user)).toBe(before);
    expect((await lastLog(a, { network })).entities[0]).toMatchObject({
      outcome: "bad_signature",
      points: 0,
    });
  });

  it("refuses an unknown user", async () => {
    const response = await send(
      await postbackUrl(network, { ...sample(), user: randomUUID(), tx: `${tx}-nobody` }),
    );
    expect(response.statusCode).toBe(400);
    expect((await lastLog(a, { network })).entities[0]).toMatchObject({ outcome: "unknown_user", points: 0 });
  });

  it("answers 403 for a tenant without this network configured, and credits nothing", async () => {
    const other = await addUser(b);
    const response = await send(await postbackUrl(network, { ...sample(), user: other }, { tenant: b }));
    expect(response.statusCode).toBe(403);
    expect(await balance(other)).toBe(0);
    expect((await lastLog(b, { network })).entities[0]).toMatchObject({ outcome: "disabled" });
  });

  it("answers malformed requests with 400, not 5xx", async () => {
    const url = (await postbackUrl(network, { ...sample(), payout: "lots" })).replace(publicUrl, "");
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect((await lastLog(a, { network })).entities[0]).toMatchObject({ outcome: "malformed" });
  });

  if (reversible.includes(network)) {
    it("reverses once: negative rows for the user and the referrer", async () => {
      const [before, referrerBefore] = [await balance(user), await balance(referrer)];
      for (let i = 0; i < 2; i++) {
        const response = await send(await postbackUrl(network, { ...sample(), reversal: true }));
        expect(response.statusCode, response.body).toBe(200);
      }
      expect(await balance(user)).toBe(before - 625);
      expect(await balance(referrer)).toBe(referrerBefore - 156);
      const [offer] = await t.db
        .select()
        .from(completedOffers)
        .where(and(eq(completedOffers.network, network), eq(completedOffers.transactionId, tx)));
      expect(offer?.status).toBe("reversed");
      const reversals = await t.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.referenceId, offer?.id ?? ""), sql`${pointsLedger.amount} < 0`));
      expect(reversals.map((row) => [row.reason, row.amount]).sort()).toEqual([
        ["offer_reversal", -625],
        ["referral_reversal", -156],
      ]);
    });
  }
});

describe("postbacks across networks", () => {
  it("a network turned off on both platforms answers 403", async () => {
    await t.db
      .update(networkConfigs)
      .set({ iosEnable: 0, androidEnable: 0 })
      .where(eq(networkConfigs.network, "ogads"));
    const before = await balance(user);
    const response = await send(await postbackUrl("ogads", { user, tx: "ogads-off", payout: "2" }));
    expect(response.statusCode).toBe(403);
    expect(await balance(user)).toBe(before);
    await t.db.update(networkConfigs).set({ iosEnable: 1 }).where(eq(networkConfigs.network, "ogads"));
  });

  it("an unknown key answers 404 and is not stored", async () => {
    const url = (await postbackUrl("cpxresearch", { user, tx: "no-key", payout: "1" })).replace(
      keyOfA,
      "x".repeat(64),
    );
    expect((await send(url)).statusCode).toBe(404);
    expect((await lastLog(a, { transactionId: "no-key" })).totalCount).toBe(0);
  });

  it("the same transaction sent 20 times at once credits once", async () => {
    const before = await balance(user);
    const url = await postbackUrl("cpxresearch", { user, tx: "concurrent-1", payout: "0.5" });
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(url)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await balance(user)).toBe(before + 250);
    const outcomes = (await lastLog(a, { transactionId: "concurrent-1", outcome: "credited" })).totalCount;
    expect(outcomes).toBe(1);
    expect((await lastLog(a, { transactionId: "concurrent-1", outcome: "duplicate" })).totalCount).toBe(19);
  });

  it("answers a retry of a stored transaction from the read: one log row, no write to the offers", async () => {
    const url = await postbackUrl("cpxresearch", { user, tx: "retried-1", payout: "0.5" });
    expect((await send(url)).statusCode).toBe(200);
    const before = await balance(user);
    const watch = watchStatements(t.db, ["completed_offers", "postback_log"]);
    const retry = await send(url);
    watch.stop();
    expect(retry.statusCode).toBe(200);
    expect(await balance(user)).toBe(before);
    expect((await lastLog(a, { transactionId: "retried-1" })).entities[0]).toMatchObject({
      outcome: "duplicate",
      reason: "Already credited",
      points: 0,
    });
    // The tenant's read (which found the offer) and the log row's insert: nothing tried to store it again.
    expect(watch.sent()).toHaveLength(2);
    expect(watch.sent().filter((text) => /insert into "?completed_offers/i.test(text))).toEqual([]);
    // Another user naming the same transaction gets nothing either.
    const other = await addUser(a);
    const stolen = await send(
      await postbackUrl("cpxresearch", { user: other, tx: "retried-1", payout: "9" }),
    );
    expect(stolen.statusCode).toBe(200);
    expect(await balance(other)).toBe(0);
    expect((await lastLog(a, { transactionId: "retried-1" })).entities[0]).toMatchObject({
      outcome: "duplicate",
      userId: other,
    });
  });

  it("AdGate: pending is recorded, credits when approved, once", async () => {
    const before = await balance(user);
    const pending = await send(
      await postbackUrl("adgateow", { user, tx: "gate-pending", payout: "1", state: "pending" }),
    );
    expect(pending.statusCode).toBe(200);
    expect(await balance(user)).toBe(before);
    expect((await lastLog(a, { transactionId: "gate-pending" })).entities[0]?.outcome).toBe("pending");
    for (let i = 0; i < 2; i++) {
      await send(await postbackUrl("adgateow", { user, tx: "gate-pending", payout: "1", state: "approved" }));
    }
    expect(await balance(user)).toBe(before + 500);
  });

  it("AdGate's address list refuses other senders", async () => {
    await t.db
      .update(networkConfigs)
      .set({ allowedIps: ["198.51.100.1"] })
      .where(eq(networkConfigs.network, "adgateow"));
    const response = await send(await postbackUrl("adgateow", { user, tx: "gate-ip", payout: "1" }));
    expect(response.statusCode).toBe(403);
    await t.db.update(networkConfigs).set({ allowedIps: [] }).where(eq(networkConfigs.network, "adgateow"));
  });

  it("AdGem accepts the Android postback key too, and POST with a form body", async () => {
    const before = await balance(user);
    const url = signing.signedUrl(
      await hintOf(a, "adgemow"),
      "adgemow",
      { user, tx: "gem-android", payout: "1" },
      androidSecret,
    );
    expect((await send(url)).statusCode).toBe(200);
    expect(await balance(user)).toBe(before + 500);

    const form = new URLSearchParams({ user_id: user, tx_id: "hang-form", payout: "1", secret });
    const posted = await t.app.inject({
      method: "POST",
      url: `/postback/${keyOfA}/hangmyads`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await balance(user)).toBe(before + 1000);
  });

  it("the log hides secrets, shows the raw request, and is scoped to its tenant", async () => {
    const { entities } = await lastLog(a, { network: "cpxresearch", transactionId: "cpxresearch-tx-1" });
    const id = entities[0]?._id ?? "";
    const details = await t.app.inject({ method: "GET", url: `/api/postbacks/${id}`, headers: a.headers });
    expect(details.statusCode).toBe(200);
    const body = details.json<PostbackLogDetails>();
    expect(body.query.trans_id).toBe("cpxresearch-tx-1");
    expect(body.query.secure_hash).toMatch(/^••••/);
    expect(body.path).toBe(`/postback/••••${keyOfA.slice(-4)}/cpxresearch`);
    expect(JSON.stringify(body)).not.toContain(md5(`cpxresearch-tx-1-${securityHash}`));
    expect(
      (await t.app.inject({ method: "GET", url: `/api/postbacks/${id}`, headers: b.headers })).statusCode,
    ).toBe(404);
    const hang = await lastLog(a, { transactionId: "hang-form" });
    const hangDetails = await t.app.inject({
      method: "GET",
      url: `/api/postbacks/${hang.entities[0]?._id}`,
      headers: a.headers,
    });
    expect(JSON.stringify(hangDetails.json())).not.toContain(secret);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/postbacks",
      headers: a.headers,
      payload: { queryParams: { filter: { outcome: "nope" } } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps balance = sum(ledger) after a random mix of credits, duplicates and reversals", async () => {
    const person = await addUser(a, referrer);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tx: fc.integer({ min: 0, max: 4 }),
            reversal: fc.boolean(),
            cents: fc.integer({ min: 1, max: 999 }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (moves) => {
          round++;
          // The model: a transaction credits on its first credit unless reversed before; reverses once.
          const state = new Map<number, "credited" | "reversed">();
          const credited = new Map<number, number>();
          let expected = await balance(person);
          for (const move of moves) {
            const tx = `mix-${round}-${move.tx}`;
            const payout = (move.cents / 100).toFixed(2);
            const response = await send(
              await postbackUrl("cpxresearch", { user: person, tx, payout, reversal: move.reversal }),
            );
            expect(response.statusCode).toBe(200);
            const now = state.get(move.tx);
            if (!move.reversal && now === undefined) {
              state.set(move.tx, "credited");
              expected += Math.round(move.cents * 5);
              credited.set(move.tx, Math.round(move.cents * 5));
            } else if (move.reversal && now !== "reversed") {
              if (now === "credited") expected -= credited.get(move.tx) ?? 0;
              state.set(move.tx, "reversed");
            }
          }
          expect(await balance(person)).toBe(expected);
          expect(await ledgerMismatches(t.db)).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("held credits", () => {
  const pendingOf = async (id: string) =>
    (await t.db.select({ pending: appUsers.pendingPoints }).from(appUsers).where(eq(appUsers.id, id)))[0]
      ?.pending ?? 0;

  it("holds a $3+ credit of a new user under the default rules; its reversal takes it back from pending", async () => {
    await setHolds({});
    try {
      const newcomer = await addUser(a, referrer);
      const [before, referrerBefore] = [await balance(newcomer), await balance(referrer)];
      const credited = await send(
        await postbackUrl("adgateow", { user: newcomer, tx: "held-1", payout: "5" }),
      );
      expect(credited.statusCode, credited.body).toBe(200);
      // 5 USD × 0.5 × 1000 = 2500 points, the referrer's 25% = 625: both pending, not spendable.
      expect(await balance(newcomer)).toBe(before);
      expect(await pendingOf(newcomer)).toBe(2500);
      expect(await pendingOf(referrer)).toBe(625);
      expect(await balance(referrer)).toBe(referrerBefore);
      expect((await lastLog(a, { transactionId: "held-1" })).entities[0]).toMatchObject({
        outcome: "credited",
        points: 2500,
      });
      const small = await send(await postbackUrl("adgateow", { user: newcomer, tx: "held-2", payout: "1" }));
      expect(small.statusCode).toBe(200);
      expect(await balance(newcomer)).toBe(before + 500);

      const reversed = await send(
        await postbackUrl("adgateow", { user: newcomer, tx: "held-1", payout: "5", reversal: true }),
      );
      expect(reversed.statusCode).toBe(200);
      expect(await pendingOf(newcomer)).toBe(0);
      expect(await pendingOf(referrer)).toBe(0);
      expect(await balance(newcomer)).toBe(before + 500);
      expect(await balance(referrer)).toBe(referrerBefore + 125);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    } finally {
      await setHolds({ holdRules: [], reversalHold: null });
    }
  });
});
