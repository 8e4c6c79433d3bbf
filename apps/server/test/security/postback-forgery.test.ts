import { randomUUID } from "node:crypto";
import { maxPointsMove, type OfferNetwork, offerNetworks, type PostbackLogDetails } from "@rewards/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, appUsers, completedOffers, networkConfigs, postbackLog } from "../../src/db/schema/index.ts";
import { appCall, appKeyOf, signUpOk } from "../support/app-api.ts";
import { md5 } from "../support/digests.ts";
import { type Conversion, fillMacros, postbackKeyOf, postbackSigning } from "../support/postback-signing.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Postbacks as an attacker sends them: an app user who reads their own offerwall links, and anyone who
// got hold of one signed postback and changes what it credits. Signatures are computed by
// test/support/postback-signing.ts from each network's documented formula (docs/postbacks.md), never with the
// server's code.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let keyOfA: string;
let keyOfB: string;
let user: string;

const secret = "pb-secret-forgery-0123";
const androidSecret = "pb-android-forgery-0123";
const securityHash = "cpx-security-hash-forgery";
const publicUrl = "http://rewards.test";
/** One of CPX Research's published postback servers, and an address that is nobody's server. */
const cpxServer = "188.40.3.73";
const attacker = "203.0.113.66";
const networks = offerNetworks;

const signing = postbackSigning({
  app: () => t.app,
  secret,
  androidSecret,
  securityHash,
  details: { ip: "198.51.100.23", offerNames: { adgateow: "Game", adgemow: "Game", others: "Install" } },
});
const { configure, hintOf } = signing;

/**
 * The path and query the network calls, signed as documented with `key` (the real one by default).
 * `drop` leaves a parameter out before signing; `secretValue` replaces the secret put in the URL.
 */
async function signedUrl(
  network: OfferNetwork,
  v: Conversion,
  options: { key?: string; tenant?: Tenant; drop?: string; secretValue?: string } = {},
) {
  const hint = await hintOf(options.tenant ?? a, network);
  const url = signing.signedUrl(hint, network, v, options.key ?? signing.keyFor(network), options);
  return url.replace(publicUrl, "");
}

/** A network's own address for CPX Research, anything else for the others (they list none by default). */
const networkAddress = (network: OfferNetwork) => (network === "cpxresearch" ? cpxServer : "198.51.100.200");

function send(url: string, options: { from?: string; body?: Record<string, string> } = {}) {
  const network = /\/postback\/[^/]+\/(\w+)/.exec(url)?.[1] as OfferNetwork;
  const request: InjectOptions = {
    method: options.body ? "POST" : "GET",
    url,
    remoteAddress: options.from ?? networkAddress(network),
  };
  if (options.body) {
    request.headers = { "content-type": "application/x-www-form-urlencoded" };
    request.payload = new URLSearchParams(options.body).toString();
  }
  return t.app.inject(request);
}

const balance = async (id: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, id)))[0]?.points ?? 0;

/** The newest log row of a transaction. */
async function lastLog(tx: string) {
  const [row] = await t.db
    .select()
    .from(postbackLog)
    .where(eq(postbackLog.transactionId, tx))
    .orderBy(desc(postbackLog.createdAt))
    .limit(1);
  return row;
}

const logCount = async (adminId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(postbackLog)
      .where(eq(postbackLog.adminId, adminId))
  )[0]?.n ?? 0;

async function addUser(tenant: Tenant) {
  const id = randomUUID();
  await t.db
    .insert(appUsers)
    .values({ id, adminId: tenant.id, username: `${id}@users.test`, referCode: id.slice(0, 6) });
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  keyOfA = await postbackKeyOf(t.db, a);
  keyOfB = await postbackKeyOf(t.db, b);
  // Saved without a list: any address, except for CPX Research, whose published addresses apply.
  for (const network of networks) await configure(a, network);
  user = await addUser(a);
});

afterAll(async () => {
  await t?.close();
});

describe("hole 1: nothing an app user can see lets them forge a postback", () => {
  let appKey: string;
  let session: { accessToken: string; user: { _id: string } };
  let second: { accessToken: string; user: { _id: string } };
  let links: { network: string; url: string }[];

  beforeAll(async () => {
    appKey = await appKeyOf(t.db, a.id);
    session = await signUpOk(t.app, appKey, "player@forgery.test", {}, "198.51.100.31");
    second = await signUpOk(t.app, appKey, "player2@forgery.test", {}, "198.51.100.32");
    const walls = await appCall(t.app, { url: "/offerwalls", key: appKey, token: session.accessToken });
    expect(walls.statusCode, walls.body).toBe(200);
    links = walls.json<{ offerwalls: { network: string; url: string }[] }>().offerwalls;
    expect(links.map((link) => link.network).sort()).toEqual(
      ["adgateow", "adgemow", "bitlabs", "cpxresearch", "hangmyadsow", "lootably"].sort(),
    );
  });

  it("CPX: the offerwall link's secure_hash with trans_id = the user's own id credits nothing, even from CPX's address", async () => {
    const cpx = new URL(links.find((link) => link.network === "cpxresearch")?.url ?? "");
    const linkHash = cpx.searchParams.get("secure_hash") ?? "";
    expect(linkHash).toBe(md5(`${session.user._id}-${securityHash}`));
    // The forgery: trans_id is the id the link signed, secure_hash is the link's.
    const url = fillMacros((await hintOf(a, "cpxresearch")).replace(publicUrl, ""), {
      "{user_id}": session.user._id,
      "{trans_id}": session.user._id,
      "{status}": "1",
      "{amount_local}": "500000",
      "{amount_usd}": "1000",
      "{ip_click}": "198.51.100.31",
      "{secure_hash}": linkHash,
    });
    for (const [from, reason] of [
      [cpxServer, "app user's id"],
      [attacker, "is not on the network's allowed list"],
    ] as const) {
      const response = await send(url, { from });
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe("0");
      expect(await lastLog(session.user._id)).toMatchObject({
        outcome: "bad_signature",
        reason: expect.stringContaining(reason),
        points: 0,
      });
    }
    expect(await balance(session.user._id)).toBe(0);
  });

  it("CPX: the second account's link signs its id, which credits the first account nothing either", async () => {
    const walls = await appCall(t.app, { url: "/offerwalls", key: appKey, token: second.accessToken });
    const link = walls.json<{ offerwalls: { network: string; url: string }[] }>().offerwalls;
    const hash = new URL(link.find((entry) => entry.network === "cpxresearch")?.url ?? "").searchParams.get(
      "secure_hash",
    );
    const url = `/postback/${keyOfA}/cpxresearch?user_id=${session.user._id}&trans_id=${second.user._id}&status=1&amount_local=1&amount_usd=500&ip=198.51.100.31&secure_hash=${hash}`;
    expect((await send(url)).statusCode).toBe(403);
    expect(await balance(session.user._id)).toBe(0);
    expect((await lastLog(second.user._id))?.reason).toContain("app user's id");
  });

  it("CPX: a correctly signed postback is taken only from CPX's published addresses, or the operator's list", async () => {
    const from = async (address: string, tx: string) =>
      (await send(await signedUrl("cpxresearch", { user, tx, payout: "1" }), { from: address })).statusCode;
    expect(await from(attacker, "cpx-ip-1")).toBe(403);
    expect((await lastLog("cpx-ip-1"))?.reason).toContain(`Address ${attacker} is not on`);
    expect(await from("::ffff:157.90.97.92", "cpx-ip-2")).toBe(200);
    expect(await from("2a01:4f8:d0a:30ff::2", "cpx-ip-3")).toBe(200);

    // The operator's own list replaces the published one; emptied, the published one applies again.
    const [config] = await t.db
      .select({ id: networkConfigs.id })
      .from(networkConfigs)
      .where(and(eq(networkConfigs.adminId, a.id), eq(networkConfigs.network, "cpxresearch")));
    const save = (allowedIps: string[]) =>
      t.app.inject({
        method: "PUT",
        url: `/api/network/${config?.id}`,
        headers: a.headers,
        payload: {
          network: "cpxresearch",
          appId: "app-1",
          appToken: `••••${securityHash.slice(-4)}`,
          provision: 0.5,
          iosEnable: 1,
          androidEnable: 1,
          allowedIps,
        },
      });
    expect((await save(["198.51.100.77"])).statusCode).toBe(200);
    expect(await from(cpxServer, "cpx-ip-4")).toBe(403);
    expect(await from("198.51.100.77", "cpx-ip-5")).toBe(200);
    expect((await save([])).statusCode).toBe(200);
    expect(await from("198.51.100.77", "cpx-ip-6")).toBe(403);
    expect(await from(cpxServer, "cpx-ip-7")).toBe(200);
  });

  it("no network: a postback signed with any value an offerwall link shows is refused", async () => {
    // Every value of every link: path segments, query values and the CPX secure_hash.
    const shown = new Set<string>();
    for (const link of links) {
      const url = new URL(link.url);
      for (const segment of url.pathname.split("/")) if (segment) shown.add(decodeURIComponent(segment));
      for (const value of url.searchParams.values()) shown.add(value);
    }
    for (const value of [secret, androidSecret, securityHash]) expect(shown.has(value)).toBe(false);
    const victim = await addUser(a);
    let n = 0;
    for (const network of networks) {
      for (const value of shown) {
        const url = await signedUrl(
          network,
          { user: victim, tx: `shown-${network}-${n++}`, payout: "1000" },
          { key: value, secretValue: value },
        );
        const response = await send(url);
        expect(response.statusCode, `${network} signed with ${value}`).toBe(403);
      }
    }
    expect(await balance(victim)).toBe(0);
  });

  it("a signing key equal to the App ID, which every link shows, is refused when saved and when used", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/network/",
      headers: b.headers,
      payload: {
        network: "bitlabs",
        appId: "public-token",
        postbackSecret: "public-token",
        provision: 0.5,
        iosEnable: 1,
        androidEnable: 1,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.postbackSecret ?? response.body).toContain("offerwall links show");
    // Saved before that check existed: the postbacks it would sign are refused.
    await configure(b, "bitlabs", { appId: "public-token-2", postbackSecret: "public-token-3" });
    await t.db
      .update(networkConfigs)
      .set({ postbackSecret: "public-token-2" })
      .where(and(eq(networkConfigs.adminId, b.id), eq(networkConfigs.network, "bitlabs")));
    const victim = await addUser(b);
    const url = await signedUrl(
      "bitlabs",
      { user: victim, tx: "public-key", payout: "5" },
      { key: "public-token-2", tenant: b },
    );
    expect((await send(url)).statusCode).toBe(403);
    expect(await balance(victim)).toBe(0);
    expect((await lastLog("public-key"))?.reason).toContain("ID that offerwall links show");
  });
});

/** How a credited value is changed after signing, for each network, and why it must be refused. */
type Tampering = { name: string; request: (tx: string) => ReturnType<typeof send>; reason: RegExp };

function tamperings(network: OfferNetwork): Tampering[] {
  const fresh = (tx: string, extra: { drop?: string } = {}) =>
    signedUrl(network, { user, tx, payout: "1.25" }, extra);
  const payout = network === "cpxresearch" ? "amount_usd" : "payout";
  const twice = new RegExp(`${payout} is given twice with different values`);
  const list: Tampering[] = [
    {
      name: "a payout added in a POST body",
      request: async (tx) => send(await fresh(tx), { body: { [payout]: "2500" } }),
      reason: twice,
    },
    {
      name: "a second payout appended to the query",
      request: async (tx) => send(`${await fresh(tx)}&${payout}=2500`),
      reason: twice,
    },
  ];
  if (network === "adgemow" || network === "bitlabs" || network === "lootably") {
    list.push({
      name: "the payout replaced in the query",
      request: async (tx) => send((await fresh(tx)).replace("payout=1.25", "payout=2500")),
      reason: /does not match/,
    });
  }
  if (network === "adgemow" || network === "bitlabs") {
    list.push({
      name: "a value the signed URL left out, added in a POST body",
      request: async (tx) =>
        send(await fresh(tx, { drop: "offer_name" }), { body: { offer_name: "Jackpot" } }),
      reason: /offer_name is not part of the signed URL/,
    });
  }
  if (network === "cpxresearch") {
    // CPX signs the transaction id only: what vouches for the payout is the sender's address.
    list.push({
      name: "the payout replaced in the query, sent from anywhere but CPX",
      request: async (tx) =>
        send((await fresh(tx)).replace("amount_usd=1.25", "amount_usd=2500"), { from: attacker }),
      reason: /is not on the network's allowed list/,
    });
  }
  if (network === "lootably") {
    list.push({
      name: "a status added to make it a reversal",
      request: async (tx) => send(`${await fresh(tx)}&status=2`),
      reason: /does not sign a status/,
    });
  }
  return list;
}

describe("hole 3: signed values cannot be replaced", () => {
  describe.each(networks)("%s", (network) => {
    it("credits a correctly signed request, then refuses each credited value changed after signing", async () => {
      const before = await balance(user);
      const ok = await send(await signedUrl(network, { user, tx: `${network}-signed`, payout: "1.25" }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await balance(user)).toBe(before + 625);
      for (const [i, tampering] of tamperings(network).entries()) {
        const tx = `${network}-tampered-${i}`;
        const response = await tampering.request(tx);
        expect(response.statusCode, tampering.name).toBeGreaterThanOrEqual(400);
        expect(response.body).toBe("0");
        expect(await balance(user), tampering.name).toBe(before + 625);
        const row = await lastLog(tx);
        expect(row?.outcome, tampering.name).toMatch(/^(bad_signature|malformed)$/);
        expect(row?.reason, tampering.name).toMatch(tampering.reason);
        expect(row?.points).toBe(0);
      }
    });
  });

  it("lootably: its signature leaves out the transaction id, so one signature credits one transaction", async () => {
    const person = await addUser(a);
    const url = await signedUrl("lootably", {
      user: person,
      tx: "loot-a",
      payout: "0.5",
      ip: "198.51.100.45",
    });
    expect((await send(url)).statusCode).toBe(200);
    expect(await balance(person)).toBe(250);
    // The same signed values under another transaction id, and the values slid across the unseparated
    // ip|revenue boundary ("…45" + "0.5" = "…4" + "50.5"): the same hash, both refused.
    const replayed = url.replace("tx_id=loot-a", "tx_id=loot-b");
    const slid = url
      .replace("tx_id=loot-a", "tx_id=loot-c")
      .replace("198.51.100.45", "198.51.100.4")
      .replace("payout=0.5", "payout=50.5");
    for (const [tx, attempt] of [
      ["loot-b", replayed],
      ["loot-c", slid],
    ] as const) {
      const response = await send(attempt);
      expect(response.statusCode).toBe(403);
      expect((await lastLog(tx))?.reason).toContain("already credited transaction loot-a");
    }
    expect(await balance(person)).toBe(250);
    // The same request again is a duplicate, answered 1.
    expect((await send(url)).statusCode).toBe(200);
    expect(await balance(person)).toBe(250);
    const offers = await t.db.select().from(completedOffers).where(eq(completedOffers.userId, person));
    expect(offers.map((offer) => offer.transactionId.split("#")[0])).toEqual(["loot-a"]);
  });

  it("lootably: from an address the operator listed, identical values under a new transaction credit", async () => {
    await t.db
      .update(networkConfigs)
      .set({ allowedIps: ["198.51.100.9"] })
      .where(and(eq(networkConfigs.adminId, a.id), eq(networkConfigs.network, "lootably")));
    const person = await addUser(a);
    const first = await signedUrl("lootably", { user: person, tx: "listed-1", payout: "0.5" });
    expect((await send(first, { from: "198.51.100.9" })).statusCode).toBe(200);
    expect((await send(first.replace("listed-1", "listed-2"), { from: "198.51.100.9" })).statusCode).toBe(
      200,
    );
    expect(await balance(person)).toBe(500);
    expect((await send(first.replace("listed-1", "listed-3"), { from: attacker })).statusCode).toBe(403);
    expect(await balance(person)).toBe(500);
    await t.db
      .update(networkConfigs)
      .set({ allowedIps: [] })
      .where(and(eq(networkConfigs.adminId, a.id), eq(networkConfigs.network, "lootably")));
  });
});

describe("hole 7: postbacks for a banned user or a disabled app credit nothing, then or later", () => {
  const setActive = (id: string, isActive: boolean) =>
    t.db.update(appUsers).set({ isActive }).where(eq(appUsers.id, id));

  it.each(networks)(
    "%s: a banned user's postback is taken (1), logged, and not replayed by an unban",
    async (network) => {
      const person = await addUser(a);
      await setActive(person, false);
      const url = await signedUrl(network, { user: person, tx: `banned-${network}`, payout: "2" });
      const response = await send(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("1");
      expect(await balance(person)).toBe(0);
      expect(await lastLog(`banned-${network}`)).toMatchObject({
        outcome: "user_banned",
        reason: expect.stringContaining("banned"),
        points: 0,
        httpStatus: 200,
      });
      await setActive(person, true);
      const retried = await send(url);
      expect(retried.statusCode).toBe(200);
      expect(await balance(person)).toBe(0);
      expect(await lastLog(`banned-${network}`)).toMatchObject({
        outcome: "duplicate",
        reason: expect.stringContaining("user_banned"),
      });
      // A new conversion after the unban credits as usual.
      expect(
        (await send(await signedUrl(network, { user: person, tx: `unbanned-${network}`, payout: "2" })))
          .statusCode,
      ).toBe(200);
      expect(await balance(person)).toBe(1000);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    },
  );

  it("a disabled app's postbacks are taken (1), logged and never credited, not even once it is active again", async () => {
    const person = await addUser(a);
    await t.db.update(admins).set({ status: "disabled" }).where(eq(admins.id, a.id));
    const url = await signedUrl("cpxresearch", { user: person, tx: "disabled-app", payout: "3" });
    let response: Awaited<ReturnType<typeof send>>;
    try {
      response = await send(url);
    } finally {
      await t.db.update(admins).set({ status: "active" }).where(eq(admins.id, a.id));
    }
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("1");
    expect(await lastLog("disabled-app")).toMatchObject({ outcome: "app_disabled", points: 0 });
    expect((await send(url)).statusCode).toBe(200);
    expect(await balance(person)).toBe(0);
    expect((await lastLog("disabled-app"))?.outcome).toBe("duplicate");
  });

  it("a forged postback for a banned user is still refused (0), not taken", async () => {
    const person = await addUser(a);
    await setActive(person, false);
    const url = await signedUrl(
      "bitlabs",
      { user: person, tx: "banned-forged", payout: "2" },
      { key: "wrong" },
    );
    expect((await send(url)).statusCode).toBe(403);
    expect((await lastLog("banned-forged"))?.outcome).toBe("bad_signature");
  });

  it("the log's outcome filter knows the new outcomes", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/postbacks?group=false",
      headers: a.headers,
      payload: { queryParams: { filter: { outcome: "user_banned" } } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ totalCount: number }>().totalCount).toBeGreaterThanOrEqual(networks.length);
  });
});

describe("hole 9: points are bounded, and a refused postback always leaves a log row", () => {
  let victim: string;
  beforeAll(async () => {
    // Tenant b: the highest ratio the settings allow, so a payout in range can exceed the bound.
    const general = await t.app.inject({
      method: "POST",
      url: "/api/setting/settingconfig",
      headers: b.headers,
      payload: { refPercent: 25, ratio: 100_000, fbLike: 10, fbShare: 20, twShare: 20 },
    });
    expect(general.statusCode, general.body).toBe(200);
    await configure(b, "cpxresearch", { provision: 1 });
    // No hold rules: the credit just inside the bound is spendable at once (a held one would be pending).
    const holdsOff = await t.app.inject({
      method: "PUT",
      url: "/api/payouts/settings",
      headers: b.headers,
      payload: { paused: false, approvalAbove: null, holdRules: [], reversalHold: null },
    });
    expect(holdsOff.statusCode, holdsOff.body).toBe(200);
    victim = await addUser(b);
  });

  const cpxOfB = async (tx: string, payout: string) =>
    (await signedUrl("cpxresearch", { user: victim, tx, payout }, { tenant: a })).replace(keyOfA, keyOfB);

  it("a conversion worth more than maxPointsMove is refused with a reason and a log row", async () => {
    // 10,000,001 USD × 1 × 100,000 > 1,000,000,000,000.
    const response = await send(await cpxOfB("too-many-points", "10000001"));
    expect(response.statusCode).toBe(400);
    expect(await balance(victim)).toBe(0);
    expect(await lastLog("too-many-points")).toMatchObject({
      outcome: "malformed",
      reason: expect.stringContaining(maxPointsMove.toLocaleString("en-US")),
    });
    // Just inside the bound credits.
    expect((await send(await cpxOfB("many-points", "10000000"))).statusCode).toBe(200);
    expect(await balance(victim)).toBe(maxPointsMove);
  });

  it("every refusal path leaves exactly one log row (huge payouts, odd text, bad JSON), never a 5xx", async () => {
    const base = `/postback/${keyOfB}/cpxresearch`;
    const query = (values: Record<string, string>) => `${base}?${new URLSearchParams(values).toString()}`;
    const ok = { user_id: victim, trans_id: "odd-1", status: "1", amount_usd: "1", secure_hash: "00" };
    const requests: InjectOptions[] = [
      { method: "GET", url: query({ ...ok, amount_usd: "99999999999999999999999" }) },
      { method: "GET", url: query({ ...ok, amount_usd: "1e400" }) },
      { method: "GET", url: query({ ...ok, amount_usd: `0.${"9".repeat(5000)}` }) },
      { method: "GET", url: query({ ...ok, trans_id: "x".repeat(5000) }) },
      { method: "GET", url: query({ ...ok, user_id: "\u0000" }) },
      { method: "GET", url: `${query(ok)}&trans_id=odd-2` },
      { method: "GET", url: query({ ...ok, status: "7" }) },
      { method: "GET", url: query({}) },
      {
        method: "POST",
        url: base,
        headers: { "content-type": "application/json" },
        payload: `{"user_id":"\\ud800","trans_id":"\\udfff","amount_usd":[1,2],"secure_hash":{"a":1}}`,
      },
      {
        method: "POST",
        url: query(ok),
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ amount_usd: 1e308 }),
      },
    ];
    for (const request of requests) {
      const before = await logCount(b.id);
      const response = await t.app.inject({ remoteAddress: cpxServer, ...request });
      expect(response.statusCode, `${request.url}`).toBeLessThan(500);
      expect(response.body).toBe("0");
      expect(await logCount(b.id), `${request.url}`).toBe(before + 1);
    }
    expect(await balance(victim)).toBe(maxPointsMove);
  });
});

describe("the postback log masks the postback key and every network's signature or secret", () => {
  it.each(networks)("%s", async (network) => {
    const tx = `masked-${network}`;
    const url = await signedUrl(network, { user, tx, payout: "0.1" });
    expect((await send(url)).statusCode).toBe(200);
    const signatureNames: Record<string, string> = {
      adgemow: "verifier",
      cpxresearch: "secure_hash",
      lootably: "hash",
      bitlabs: "hash",
    };
    const signature = new URL(url, publicUrl).searchParams.get(signatureNames[network] ?? "secret") ?? "";
    expect(signature.length).toBeGreaterThan(8);
    const row = await lastLog(tx);
    const details = await t.app.inject({
      method: "GET",
      url: `/api/postbacks/${row?.id}`,
      headers: a.headers,
    });
    expect(details.statusCode).toBe(200);
    const body = details.json<PostbackLogDetails>();
    expect(body.path).toBe(`/postback/••••${keyOfA.slice(-4)}/${network}`);
    const text = JSON.stringify(body);
    for (const value of [keyOfA, signature, secret]) expect(text).not.toContain(value);
    // Stored masked too, not only answered so.
    expect(JSON.stringify(row)).not.toContain(keyOfA);
    expect(JSON.stringify(row)).not.toContain(signature);
  });
});
