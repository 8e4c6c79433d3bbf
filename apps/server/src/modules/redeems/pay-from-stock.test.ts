import { type AuditListAnswer, messages, type RedeemDetails, type RedeemListAnswer } from "@rewards/contract";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry } from "../../../test/support/app-api.ts";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { addMember, type Member } from "../../../test/support/members.ts";
import { insertRedeem, redeemRow } from "../../../test/support/redeems.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, mailOutbox, redeems, rewardCodes, rewardItems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { maskSecret } from "../../lib/secrets.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { adjustPoints } from "../ledger/index.ts";

// Paying a redeem of an inventory item takes the item's next code from its stock, in the pay's own
// transaction. These tests run on PGlite by default and on PostgreSQL in CI (TEST_DATABASE_URL).

let t: TestApp;
let a: Tenant;
let b: Tenant;
let users: string[];
let nextUser = 0;

type Rows<T> = { rows: T[] };

const form = {
  rewardName: "Amazon Gift Card",
  redeemEmail: "stock@example.com",
  subject: "Your reward",
  text: "<p>Enjoy</p>",
};

const pay = (id: string, body: object = form, tenant: Tenant = a) =>
  t.app.inject({
    method: "PUT",
    url: `/api/redeem/sendReward/${id}`,
    headers: tenant.headers,
    payload: body,
  });
const reveal = (id: string, headers: { authorization: string } = a.headers) =>
  t.app.inject({ method: "POST", url: `/api/redeem/${id}/code`, headers });
const details = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: a.headers })).json<RedeemDetails>();

/** A reward item of tenant A paid the given way. */
async function newItem(fulfilment: "manual" | "inventory" | "provider", country: string) {
  const { itemIds } = await addCatalogCountry(t.db, a, country, { items: [{ cost: "$5", points: 100 }] });
  const itemId = itemIds[0] as string;
  await t.db.update(rewardItems).set({ fulfilment }).where(eq(rewardItems.id, itemId));
  return itemId;
}

/** Codes in an item's stock (long enough that the mask shows their last 4). */
async function stock(itemId: string, codes: { code: string; pin?: string; expiresOn?: string }[]) {
  await t.db.insert(rewardCodes).values(
    codes.map((entry) => ({
      id: newId(),
      adminId: a.id,
      rewardItemId: itemId,
      code: entry.code,
      pin: entry.pin ?? null,
      fingerprint: `test-${entry.code}`,
      last4: entry.code.slice(-4),
      expiresOn: entry.expiresOn ?? null,
    })),
  );
}

/**
 * A redeem of the item by its own user (so concurrent pays never wait on one user's lock), its cost
 * debited as a real request would; Rejected ones hold no points.
 */
async function newRedeem(itemId: string | null, status: 0 | 2 = 0, cost = 100) {
  const userId = users[nextUser++];
  if (!userId) throw new Error("no user left");
  const id = await insertRedeem(t.db, { adminId: a.id, userId, cost, itemId, status });
  return { id, userId };
}

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const codesOf = (itemId: string) =>
  t.db.select().from(rewardCodes).where(eq(rewardCodes.rewardItemId, itemId));
const usedCount = async (itemId: string) => (await codesOf(itemId)).filter((code) => code.usedAt).length;
const balanceOf = async (userId: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]?.points;

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 90, offers: 0, redeems: 0, seed: 31 });
  await addMailConfig(t.db, a.id);
  const rows = await t.db.select().from(appUsers).where(eq(appUsers.adminId, a.id));
  for (const user of rows) {
    await t.db.transaction((tx) =>
      adjustPoints(tx, {
        adminId: a.id,
        userId: user.id,
        currentPoints: user.points,
        delta: 1000,
        reason: "Test balance",
        actorAdminId: null,
      }),
    );
  }
  users = rows.map((user) => user.id);
});
afterAll(() => t.close());

describe("50 concurrent pays against 40 codes", () => {
  // On PGlite the transactions run one at a time, so this proves the bookkeeping. On PostgreSQL (CI) the
  // 50 transactions really overlap: without FOR UPDATE, concurrent pays read the same first code and
  // give it to several redeems, and this test fails (50 answers 200, codes repeated; checked by removing
  // the lock and running it on PostgreSQL). The next test shows SKIP LOCKED at work.
  it("pays 40 with 40 distinct codes; the other 10 stay Pending with 409 Out of stock and no e-mail", async () => {
    const itemId = await newItem("inventory", "US");
    await stock(
      itemId,
      Array.from({ length: 40 }, (_, index) => ({ code: `CONCURRENT-${String(index).padStart(4, "0")}-GC` })),
    );
    const pending = await Promise.all(Array.from({ length: 50 }, () => newRedeem(itemId)));
    const answers = await Promise.all(pending.map((redeem) => pay(redeem.id)));

    const paid = pending.filter((_, index) => answers[index]?.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(paid).toHaveLength(40);
    expect(refused.map((answer) => [answer.statusCode, answer.json().message])).toEqual(
      Array.from({ length: 10 }, () => [409, messages.outOfStock]),
    );

    const codes = await codesOf(itemId);
    const used = codes.filter((code) => code.usedAt);
    expect(used).toHaveLength(40);
    expect(new Set(used.map((code) => code.redeemId)).size).toBe(40);
    expect(new Set(used.map((code) => code.redeemId))).toEqual(new Set(paid.map((redeem) => redeem.id)));
    const rows = await t.db
      .select()
      .from(redeems)
      .where(
        inArray(
          redeems.id,
          pending.map((redeem) => redeem.id),
        ),
      );
    for (const row of rows) {
      const code = used.find((candidate) => candidate.redeemId === row.id);
      if (code) {
        expect(row).toMatchObject({ status: 1, code: code.code });
      } else {
        expect(row).toMatchObject({ status: 0, code: null });
      }
    }
    expect(new Set(rows.filter((row) => row.code).map((row) => row.code)).size).toBe(40);
    const outbox = await t.db
      .select({ redeemId: mailOutbox.redeemId })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.redeemId,
          pending.map((redeem) => redeem.id),
        ),
      );
    expect(new Set(outbox.map((row) => row.redeemId))).toEqual(new Set(paid.map((redeem) => redeem.id)));
    expect(outbox).toHaveLength(40);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("a code held by another transaction", () => {
  // Only on PostgreSQL: PGlite runs one transaction at a time, so a held one would stop the pay itself.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "is skipped, not waited for: the pay takes the next free code at once",
    async () => {
      const itemId = await newItem("inventory", "JP");
      await stock(itemId, [
        { code: "HELD-BY-OTHER-0001", expiresOn: dayFromToday(1) },
        { code: "FREE-FOR-PAY-00002" },
      ]);
      const { id } = await newRedeem(itemId);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx
          .select({ id: rewardCodes.id })
          .from(rewardCodes)
          .where(and(eq(rewardCodes.rewardItemId, itemId), eq(rewardCodes.last4, "0001")))
          .for("update");
        held();
        await released;
      });
      await holding;
      const paying = pay(id);
      const answer = await Promise.race([
        paying,
        new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5000)),
      ]);
      release();
      await holder;
      await paying;
      expect(answer).not.toBe("waited");
      expect(await redeemRow(t.db, id)).toMatchObject({ status: 1, code: "FREE-FOR-PAY-00002" });
    },
  );
});

describe("which code is taken", () => {
  it("never an expired one; the soonest to expire first, codes without expiry last", async () => {
    const itemId = await newItem("inventory", "CA");
    await stock(itemId, [
      { code: "EXPIRY-NONE-000000", expiresOn: undefined },
      { code: "EXPIRY-PAST-000000", expiresOn: dayFromToday(-1) },
      { code: "EXPIRY-TEN-0000000", expiresOn: dayFromToday(10) },
      { code: "EXPIRY-TODAY-00000", expiresOn: dayFromToday(0) },
      { code: "EXPIRY-FIVE-000000", expiresOn: dayFromToday(5) },
    ]);
    const taken: (string | null | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const { id } = await newRedeem(itemId);
      expect((await pay(id)).statusCode).toBe(200);
      taken.push((await redeemRow(t.db, id))?.code);
    }
    expect(taken).toEqual([
      "EXPIRY-TODAY-00000",
      "EXPIRY-FIVE-000000",
      "EXPIRY-TEN-0000000",
      "EXPIRY-NONE-000000",
    ]);
    const { id } = await newRedeem(itemId);
    const out = await pay(id);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(messages.outOfStock);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null });
    const expired = (await codesOf(itemId)).find((code) => code.code === "EXPIRY-PAST-000000");
    expect(expired).toMatchObject({ usedAt: null, redeemId: null });
  });
});

describe("the redeem's details say how it is paid", () => {
  it("its item's fulfilment, and manual when the item is gone or was never named", async () => {
    const inventory = await newItem("inventory", "NZ");
    const manual = await newItem("manual", "IE");
    for (const [itemId, fulfilment] of [
      [inventory, "inventory"],
      [manual, "manual"],
      [null, "manual"],
      [newId(), "manual"],
    ] as const) {
      const { id } = await newRedeem(itemId);
      expect((await details(id)).fulfilment).toBe(fulfilment);
    }
  });
});

describe("refusals change nothing", () => {
  it("a manual item (or a redeem whose item is gone) without a code: 400 on the code field", async () => {
    const manual = await newItem("manual", "MX");
    for (const itemId of [manual, null, newId()]) {
      const { id } = await newRedeem(itemId);
      for (const body of [form, { ...form, code: "  " }]) {
        const response = await pay(id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toEqual({ code: messages.giftCardCodeRequired });
      }
      expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null });
      // With a code it is paid by hand, as before.
      expect((await pay(id, { ...form, code: "MANUAL-CODE-0001" })).statusCode).toBe(200);
      expect(await redeemRow(t.db, id)).toMatchObject({ status: 1, code: "MANUAL-CODE-0001" });
    }
  });

  it("an inventory item with a typed code: 400 on the code field, no code taken", async () => {
    const itemId = await newItem("inventory", "BR");
    await stock(itemId, [{ code: "TYPED-REFUSED-0001" }]);
    const { id } = await newRedeem(itemId);
    const response = await pay(id, { ...form, code: "TYPED-BY-HAND-0001" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ code: messages.codeFromStock });
    expect(await usedCount(itemId)).toBe(0);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null });
  });

  it("a provider item: 409, nothing changed", async () => {
    const itemId = await newItem("provider", "AR");
    const { id } = await newRedeem(itemId);
    const response = await pay(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.providerNotReady);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null });
  });

  it("paying a redeem already Sent: 409, no code taken", async () => {
    const itemId = await newItem("inventory", "CL");
    await stock(itemId, [{ code: "SENT-ONCE-00000001" }, { code: "SENT-ONCE-00000002" }]);
    const { id } = await newRedeem(itemId);
    expect((await pay(id)).statusCode).toBe(200);
    const again = await pay(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.redeemAlreadySent);
    expect(await usedCount(itemId)).toBe(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, id))).toHaveLength(1);
  });

  it("another app's redeem: 404, no code taken", async () => {
    const itemId = await newItem("inventory", "PE");
    await stock(itemId, [{ code: "OTHER-APP-00000001" }]);
    const { id } = await newRedeem(itemId);
    expect((await pay(id, form, b)).statusCode).toBe(404);
    expect(await usedCount(itemId)).toBe(0);
  });
});

describe("a Rejected redeem paid from stock follows the rule for Rejected", () => {
  it("debits its cost again and takes a code; when the balance is short, 409 and the code stays in stock", async () => {
    const itemId = await newItem("inventory", "DE");
    await stock(itemId, [{ code: "REJECTED-PAID-0001" }]);
    const short = await newRedeem(itemId, 2, 5000);
    const refused = await pay(short.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.insufficientPoints(`${short.id}@user.test`));
    expect(await usedCount(itemId)).toBe(0);
    expect(await redeemRow(t.db, short.id)).toMatchObject({ status: 2, code: null });

    const rejected = await newRedeem(itemId, 2, 100);
    const before = await balanceOf(rejected.userId);
    expect((await pay(rejected.id)).statusCode).toBe(200);
    expect(await balanceOf(rejected.userId)).toBe((before ?? 0) - 100);
    expect(await redeemRow(t.db, rejected.id)).toMatchObject({ status: 1, code: "REJECTED-PAID-0001" });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a redeem paid from stock, moved back to Pending and paid again keeps its code", async () => {
    const itemId = await newItem("inventory", "FR");
    await stock(itemId, [{ code: "KEPT-BY-REDEEM-001" }, { code: "KEPT-BY-REDEEM-002" }]);
    const { id } = await newRedeem(itemId);
    expect((await pay(id)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: "PUT",
      url: "/api/redeem/state/ids",
      headers: a.headers,
      payload: { ids: [id], status: 0 },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await pay(id)).statusCode).toBe(200);
    expect(await usedCount(itemId)).toBe(1);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 1, code: "KEPT-BY-REDEEM-001" });
  });
});

describe("the code at rest, in answers, in the e-mail and on reveal", () => {
  let itemId: string;
  let paidId: string;
  const code = "SECRET-STOCK-CODE-7QX2";

  beforeAll(async () => {
    itemId = await newItem("inventory", "GB");
    await stock(itemId, [{ code, pin: "4321", expiresOn: dayFromToday(30) }]);
    const redeem = await newRedeem(itemId);
    paidId = redeem.id;
    // The e-mail's card lines are in the user's language: this user's app reported English.
    await t.db.update(appUsers).set({ language: "en" }).where(eq(appUsers.id, redeem.userId));
  });

  it("sends the code and its PIN; the e-mail fails twice, is retried with the same code, and the code never returns to stock", async () => {
    // The failures must hit this e-mail: wait until the earlier tests' e-mails are all delivered.
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(mailOutbox)
              .where(inArray(mailOutbox.status, ["queued", "sending"]))
          ).length,
        { timeout: 20_000 },
      )
      .toBe(0);
    t.mail.failNext(500, 2);
    const response = await pay(paidId, { ...form, redeemEmail: "pin@example.com" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RedeemDetails>().code).toBe(maskSecret(code));
    const mail = await t.mail.waitFor("pin@example.com");
    expect(mail.fields.html).toContain(code);
    expect(mail.fields.html).toContain("PIN: <code>4321</code>");
    expect(mail.fields.text).toContain(`Gift card code: ${code}\nPIN: 4321`);
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, paidId));
    expect(outbox?.attempts).toBeGreaterThanOrEqual(3);
    expect(await codesOf(itemId)).toMatchObject([{ code, redeemId: paidId, usedAt: expect.any(Date) }]);
  });

  it("stores the redeem's code and the e-mail encrypted", async () => {
    const stored = (await t.db.execute(
      sql`select r.code, o.html, o.text from redeems r join mail_outbox o on o.redeem_id = r.id where r.id = ${paidId}`,
    )) as unknown as Rows<{ code: string; html: string; text: string }>;
    const [row] = stored.rows;
    expect(row?.code).toMatch(/^enc:v1:/);
    expect(row?.html).toMatch(/^enc:v1:/);
    expect(row?.text).toMatch(/^enc:v1:/);
    for (const value of Object.values(row ?? {})) expect(value).not.toContain(code);
  });

  it("answers the code masked in the list and the details", async () => {
    expect((await details(paidId)).code).toBe("••••7QX2");
    const list = await t.app.inject({
      method: "POST",
      url: "/api/redeem?group=false",
      headers: a.headers,
      payload: { queryParams: { filter: { _id: paidId } } },
    });
    expect(list.json<RedeemListAnswer>().entities.map((redeem) => redeem.code)).toEqual(["••••7QX2"]);
    expect(list.body).not.toContain(code);
  });

  it("reveals the code and PIN to the owner and an admin member, each reveal audited", async () => {
    const admin = await addMember(t, a.id, "admin", "reveal-admin");
    for (const headers of [a.headers, admin.headers]) {
      const response = await reveal(paidId, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code, pin: "4321" });
    }
    const history = await t.app.inject({
      method: "POST",
      url: "/api/audit?group=false",
      headers: a.headers,
      payload: { queryParams: { filter: { action: "redeem.revealCode", recordId: paidId } } },
    });
    const entries = history.json<AuditListAnswer>().entities;
    expect(entries.map((entry) => entry.actor?._id).sort()).toEqual([a.id, admin.id].sort());
    for (const entry of entries) expect(entry.changes).toEqual({ code: { after: "••••7QX2" } });
    expect(history.body).not.toContain(code);
  });

  it("the pay's audit entry names the stock code used, its value masked", async () => {
    const [taken] = await codesOf(itemId);
    const history = await t.app.inject({
      method: "POST",
      url: "/api/audit?group=false",
      headers: a.headers,
      payload: { queryParams: { filter: { action: "redeem.pay", recordId: paidId } } },
    });
    const [entry] = history.json<AuditListAnswer>().entities;
    expect(entry?.changes).toMatchObject({
      code: { after: "••••7QX2" },
      rewardCodeId: { after: taken?.id },
      status: { before: 0, after: 1 },
    });
    expect(history.body).not.toContain(code);
  });

  it("refuses support and viewer members (403), another app (404) and a redeem without a code (404)", async () => {
    const members: Member[] = [
      await addMember(t, a.id, "support", "reveal-support"),
      await addMember(t, a.id, "viewer", "reveal-viewer"),
    ];
    for (const member of members) {
      const response = await reveal(paidId, member.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.roleForbidden);
      // They still see the masked code.
      const seen = await t.app.inject({
        method: "GET",
        url: `/api/redeem/${paidId}`,
        headers: member.headers,
      });
      expect(seen.json<RedeemDetails>().code).toBe("••••7QX2");
    }
    expect((await reveal(paidId, b.headers)).statusCode).toBe(404);
    const unpaid = await newRedeem(itemId);
    expect((await reveal(unpaid.id)).statusCode).toBe(404);
    const audited = (await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'redeem.revealCode' and record_id = ${unpaid.id}`,
    )) as unknown as Rows<{ n: number }>;
    expect(audited.rows[0]?.n).toBe(0);
  });

  it("a code typed by hand reveals with no PIN", async () => {
    const { id } = await newRedeem(null);
    expect((await pay(id, { ...form, code: "HAND-TYPED-CODE-55" })).statusCode).toBe(200);
    expect((await reveal(id)).json()).toEqual({ code: "HAND-TYPED-CODE-55", pin: null });
  });
});

it("keeps every balance equal to its ledger, and no code is used twice", async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
  const used = await t.db
    .select({ redeemId: rewardCodes.redeemId })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, a.id), isNotNull(rewardCodes.usedAt)));
  expect(new Set(used.map((row) => row.redeemId)).size).toBe(used.length);
});
