import type {
  AppUser,
  AuditAction,
  AuditActor,
  AuditEntry,
  AuditListAnswer,
  Redeem,
} from "@rewards/contract";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActiveAdmin } from "../../../test/support/auth-helpers.ts";
import {
  type FcmSink,
  serviceAccountJson,
  startFcmSink,
  testKeyPair,
} from "../../../test/support/fcm-sink.ts";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { addMember, type Member } from "../../../test/support/members.ts";
import { multipartBody, png, tinyGif } from "../../../test/support/multipart.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { auditLog, pointsLedger, redeems } from "../../db/schema/index.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { setAdminState } from "../admins/index.ts";

const clientEmail = "push@rewards-test.iam.gserviceaccount.com";
const keys = testKeyPair();

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fcm: FcmSink;
let keyJson: string;
let users: AppUser[];
let redeemsOfA: Redeem[];

const send = (
  tenant: Tenant | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: tenant?.headers ?? {}, ...(payload ? { payload } : {}) });

async function ok<T>(
  tenant: Tenant,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
): Promise<T> {
  const response = await send(tenant, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function sendForm(method: "POST" | "PUT", url: string, fields: Record<string, string>, files = {}) {
  const body = multipartBody(fields, files);
  const response = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...a.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const list = (tenant: Tenant, queryParams: Record<string, unknown>) =>
  send(tenant, "POST", "/api/audit?group=false", { queryParams });
async function listOk(tenant: Tenant, queryParams: Record<string, unknown>): Promise<AuditListAnswer> {
  const response = await list(tenant, queryParams);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A record's history as the details modals read it. */
const historyOf = (tenant: Tenant, recordId: string) =>
  send(tenant, "GET", `/api/audit/record/${recordId}?pageSize=100`);
async function newestEntryOf(recordId: string): Promise<AuditEntry> {
  const response = await historyOf(a, recordId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditListAnswer>().entities[0] as AuditEntry;
}

const auditRows = async () => (await t.db.select({ value: count() }).from(auditLog))[0]?.value ?? 0;

let nextCode = 0;
const codes = ["FR", "DE", "IT", "ES", "PL", "NL", "BE", "AT", "SE", "NO", "DK", "FI", "PT", "IE"];
const newCountry = async () =>
  (
    await ok<{ country: { _id: string } }>(a, "POST", "/api/reward/countries", {
      code: codes[nextCode++],
      priority: 5,
    })
  ).country._id;
const newReward = async () =>
  (
    await sendForm(
      "POST",
      `/api/reward/rewards/add/${await newCountry()}`,
      { name: "Steam", order: "1" },
      {
        file: png(),
      },
    )
  ).reward._id as string;
const newItem = async () =>
  (
    await ok<{ rewardItem: { _id: string } }>(a, "POST", `/api/reward/rewardItem/${await newReward()}`, {
      cost: "5 USD",
      points: 5000,
    })
  ).rewardItem._id;

beforeAll(async () => {
  fcm = await startFcmSink({ publicKey: keys.publicKey, clientEmail });
  keyJson = serviceAccountJson({ privateKeyPem: keys.privateKeyPem, clientEmail, tokenUri: fcm.tokenUri });
  t = await startTestApp({ env: { FCM_BASE_URL: fcm.baseUrl, FCM_TOKEN_ORIGIN: fcm.baseUrl } });
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 400, redeems: 24, seed: 5 });
  await seedDemoData(t.db, b.id, { users: 5, offers: 20, redeems: 5, seed: 12 });
  await addMailConfig(t.db, a.id);
  users = (await ok<{ entities: AppUser[] }>(a, "POST", "/api/users", { queryParams: { pageSize: 100 } }))
    .entities;
  const redeems = async () =>
    (await ok<{ entities: Redeem[] }>(a, "POST", "/api/redeem", { queryParams: { pageSize: 100 } })).entities;
  // Every Sent redeem back to Pending (no points move), so the cases have Pending ones to work on.
  const sent = (await redeems()).filter((redeem) => redeem.status === 1).map((redeem) => redeem._id);
  await ok(a, "PUT", "/api/redeem/state/ids", { ids: sent, status: 0 });
  redeemsOfA = await redeems();
});
afterAll(async () => {
  await t.close();
  await fcm.close();
});

const user = (index: number) => users[index] as AppUser;

/** The tenant's push config: created on first use, so each case stands on its own. */
async function ensurePushConfig() {
  const current = await ok<{ _id?: string }>(a, "GET", `/api/setting/push/${a.id}`);
  if (current._id) return current._id;
  const created = await ok<{ pushconfig: { _id: string } }>(a, "POST", "/api/setting/push/", {
    serviceAccountKey: keyJson,
  });
  return created.pushconfig._id;
}
const redeemsIn = (status: number) => redeemsOfA.filter((redeem) => redeem.status === status);

type WriteCase = {
  action: AuditAction;
  /** Makes the write and answers the id of the record it changed. */
  write: () => Promise<string>;
  /** What the newest entry of that record must say changed (a subset); read after the set-up. */
  changes: () => Record<string, unknown>;
};

const writes: WriteCase[] = [
  {
    action: "user.update",
    write: async () => {
      const target = user(0);
      await ok(a, "PUT", `/api/users/${target._id}`, {
        referCode: "AUD1",
        provision: target.provision,
        isVerfied: target.isVerfied,
        pointsDelta: 250,
        pointsReason: "Audit test",
      });
      return target._id;
    },
    changes: () => ({
      points: { before: user(0)?.points, after: (user(0)?.points ?? 0) + 250 },
      referCode: { before: user(0)?.referCode, after: "AUD1" },
    }),
  },
  {
    action: "user.status",
    write: async () => {
      const active = users.find((candidate) => candidate.isActive) as AppUser;
      await ok(a, "PUT", "/api/users/state/ids", { ids: [active._id], status: 2 });
      return active._id;
    },
    changes: () => ({ isActive: { before: true, after: false } }),
  },
  {
    action: "redeem.status",
    write: async () => {
      const pending = redeemsIn(0)[0] as Redeem;
      await ok(a, "PUT", "/api/redeem/state/ids", { ids: [pending._id], status: 2 });
      return pending._id;
    },
    changes: () => ({ status: { before: 0, after: 2 } }),
  },
  {
    action: "redeem.cancel",
    write: async () => {
      const pending = redeemsIn(0)[1] as Redeem;
      await ok(a, "PUT", `/api/redeem/${pending._id}`);
      return pending._id;
    },
    changes: () => ({ status: { before: 0, after: 2 } }),
  },
  {
    action: "redeem.pay",
    write: async () => {
      const pending = redeemsIn(0)[2] as Redeem;
      await ok(a, "PUT", `/api/redeem/sendReward/${pending._id}`, {
        code: "GIFT-SECRET-CODE-9876",
        rewardName: "Amazon Gift Card",
        redeemEmail: "winner@example.com",
        subject: "Your reward",
        text: "<p>Enjoy</p>",
      });
      return pending._id;
    },
    changes: () => ({
      status: { before: 0, after: 1 },
      code: { after: "••••9876" },
      rewardName: { after: "Amazon Gift Card" },
    }),
  },
  {
    action: "redeem.revealCode",
    write: async () => {
      // The redeem the "redeem.pay" case above paid.
      const paid = redeemsIn(0)[2] as Redeem;
      await ok(a, "POST", `/api/redeem/${paid._id}/code`);
      return paid._id;
    },
    changes: () => ({ code: { after: "••••9876" } }),
  },
  { action: "country.create", write: newCountry, changes: () => ({ priority: { after: 5 } }) },
  {
    action: "country.update",
    write: async () => {
      const id = await newCountry();
      await ok(a, "PUT", `/api/reward/countries/${id}`, { code: "GB", priority: 9 });
      return id;
    },
    changes: () => ({ code: { after: "GB" }, priority: { before: 5, after: 9 } }),
  },
  {
    action: "country.delete",
    write: async () => {
      const rewardId = await newReward();
      const reward = await ok<{ countryId: string }>(a, "GET", `/api/reward/rewards/${rewardId}`);
      await ok(a, "DELETE", `/api/reward/countries/${reward.countryId}`);
      return reward.countryId;
    },
    changes: () => ({ priority: { before: 5 }, rewards: { before: 1 } }),
  },
  {
    action: "reward.create",
    write: newReward,
    changes: () => ({ name: { after: "Steam" }, order: { after: 1 } }),
  },
  {
    action: "reward.update",
    write: async () => {
      const id = await newReward();
      await sendForm("PUT", `/api/reward/rewards/${id}`, { name: "Steam Wallet", order: "2" });
      return id;
    },
    changes: () => ({ name: { before: "Steam", after: "Steam Wallet" }, order: { before: 1, after: 2 } }),
  },
  {
    action: "reward.delete",
    write: async () => {
      const id = await newReward();
      await ok(a, "POST", "/api/reward/deleteRewards", { ids: [id] });
      return id;
    },
    changes: () => ({ name: { before: "Steam" } }),
  },
  {
    action: "rewardItem.create",
    write: newItem,
    changes: () => ({ cost: { after: "5 USD" }, points: { after: 5000 } }),
  },
  {
    action: "rewardItem.update",
    write: async () => {
      const id = await newItem();
      await ok(a, "PUT", `/api/reward/rewardItem/${id}`, { cost: "10 USD", points: 9000 });
      return id;
    },
    changes: () => ({ cost: { before: "5 USD", after: "10 USD" }, points: { before: 5000, after: 9000 } }),
  },
  {
    action: "rewardItem.delete",
    write: async () => {
      const id = await newItem();
      await ok(a, "DELETE", `/api/reward/rewardItem/${id}`);
      return id;
    },
    changes: () => ({ points: { before: 5000 } }),
  },
  {
    action: "giveaway.save",
    write: async () => {
      const card = { giveawayTitle: "Summer draw", giveawayDescription: "Win", giveawayStatus: 1 };
      const { giveaway } = await ok<{ giveaway: { _id: string } }>(a, "POST", "/api/giveaway/", card);
      await ok(a, "PUT", `/api/giveaway/${giveaway._id}`, { ...card, giveawayTitle: "Winter draw" });
      return giveaway._id;
    },
    changes: () => ({ giveawayTitle: { before: "Summer draw", after: "Winter draw" } }),
  },
  {
    action: "network.save",
    write: async () => {
      const config = {
        network: "adgemow",
        appId: "12345",
        postbackSecret: "ios-postback-key-0001",
        postbackSecretAndroid: "android-postback-key-0002",
        provision: 0.7,
        iosEnable: 1,
        androidEnable: 0,
      };
      const { network } = await ok<{ network: { _id: string } }>(a, "POST", "/api/network/", config);
      await ok(a, "PUT", `/api/network/${network._id}`, {
        ...config,
        postbackSecret: "ios-postback-key-0003",
      });
      return network._id;
    },
    changes: () => ({
      network: { before: "adgemow", after: "adgemow" },
      postbackSecret: { before: "••••0001", after: "••••0003" },
    }),
  },
  {
    action: "nativeAds.save",
    write: async () => {
      const config = {
        network: "applovin",
        owClick: 3,
        navClick: 10,
        owEnable: 1,
        openEnable: 0,
        navClickEnable: 1,
        bannerEnable: 1,
      };
      const { nativeAds } = await ok<{ nativeAds: { _id: string } }>(a, "POST", "/api/nativeAds/", config);
      await ok(a, "PUT", `/api/nativeAds/${nativeAds._id}`, { ...config, owClick: 4 });
      return nativeAds._id;
    },
    changes: () => ({ owClick: { before: 3, after: 4 } }),
  },
  {
    action: "settings.identity.save",
    write: async () => {
      const identity = {
        appName: "Cash Quest",
        moto: "Play and earn",
        domain: "cashquest.example",
        sharingDomain: "share.cashquest.example",
        endpoint: "https://api.cashquest.example",
      };
      const { setting } = await sendForm("POST", "/api/setting/", identity, {
        logo: png(),
        favicon: { filename: "favicon.gif", contentType: "image/gif", content: tinyGif },
      });
      await sendForm("PUT", `/api/setting/${setting._id}`, { ...identity, appName: "Cash Quest 2" });
      return setting._id as string;
    },
    changes: () => ({ appName: { before: "Cash Quest", after: "Cash Quest 2" } }),
  },
  {
    action: "settings.social.save",
    write: async () => {
      const facebook = {
        name: "facebook",
        appId: "fb-app-1",
        appSecret: "facebook-secret-wxyz",
        appPage: "https://facebook.com/cashquest",
        shareText: "Earn with me",
      };
      const { socialconfig } = await ok<{ socialconfig: { _id: string } }>(
        a,
        "POST",
        "/api/setting/social/",
        facebook,
      );
      await ok(a, "PUT", `/api/setting/social/${socialconfig._id}`, {
        ...facebook,
        appSecret: "another-facebook-secret-5678",
      });
      return socialconfig._id;
    },
    changes: () => ({ appSecret: { before: "••••wxyz", after: "••••5678" }, name: { after: "facebook" } }),
  },
  {
    action: "settings.mail.save",
    write: async () => {
      // The tenant's Mailgun config was written directly (its short key masks to the bare mask).
      const mail = {
        mailgunDomain: "mg.cashquest.example",
        apiKey: "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
        fromEmail: "rewards@cashquest.example",
        supportEmail: "help@cashquest.example",
      };
      const current = await ok<{ _id: string }>(a, "GET", `/api/setting/mailgun/${a.id}`);
      await ok(a, "PUT", `/api/setting/mailgun/${current._id}`, mail);
      return current._id;
    },
    changes: () => ({
      apiKey: { before: "••••", after: "••••eol0" },
      mailgunDomain: { after: "mg.cashquest.example" },
    }),
  },
  {
    action: "settings.mail.test",
    write: async () => {
      await ok(a, "POST", "/api/setting/mailgun/test", { to: "ann@example.com" });
      return (await ok<{ _id: string }>(a, "GET", `/api/setting/mailgun/${a.id}`))._id;
    },
    changes: () => ({ to: { after: "ann@example.com" }, outcome: { after: "sent" } }),
  },
  {
    action: "settings.general.save",
    write: async () => {
      const rules = { refPercent: 30, ratio: 500, fbLike: 5, fbShare: 15, twShare: 25 };
      const { settingconfig } = await ok<{ settingconfig: { _id: string } }>(
        a,
        "POST",
        "/api/setting/settingconfig",
        rules,
      );
      await ok(a, "PUT", `/api/setting/settingconfig/${settingconfig._id}`, { ...rules, ratio: 800 });
      return settingconfig._id;
    },
    changes: () => ({ ratio: { before: 500, after: 800 } }),
  },
  {
    action: "settings.push.save",
    write: async () => {
      const id = await ensurePushConfig();
      const otherProject = serviceAccountJson({
        privateKeyPem: keys.privateKeyPem,
        clientEmail,
        tokenUri: fcm.tokenUri,
        projectId: "rewards-other",
      });
      await ok(a, "PUT", `/api/setting/push/${id}`, { serviceAccountKey: otherProject });
      return id;
    },
    changes: () => ({
      projectId: { before: "rewards-test", after: "rewards-other" },
      serviceAccountKey: { before: "••••7a3c", after: "••••7a3c" },
    }),
  },
  {
    action: "notification.send",
    write: async () => {
      await ensurePushConfig();
      const sent = await ok<{ notification: { _id: string } }>(a, "POST", "/api/notification/", {
        title: "Double points",
        body: "This weekend only",
      });
      return sent.notification._id;
    },
    changes: () => ({ title: { after: "Double points" }, status: { after: "sent" } }),
  },
  {
    action: "admin.disable",
    write: async () => {
      const { id } = await createActiveAdmin(t.app, a.token, "third@tenant-c.test");
      await ok(a, "PUT", `/api/admins/${id}/state`, { status: "disabled" });
      return id;
    },
    changes: () => ({
      status: { before: "active", after: "disabled" },
      username: { after: "third@tenant-c.test" },
    }),
  },
];

describe("every administrator write records one entry", () => {
  it.each(writes)("$action", async ({ action, write, changes }) => {
    const recordId = await write();
    const entry = await newestEntryOf(recordId);
    expect(entry).toMatchObject({ action, recordId, actor: { _id: a.id, username: "owner@tenant-a.test" } });
    expect(entry.changes).toMatchObject(changes());
    expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);
  });

  it("covers every action of the contract", async () => {
    const { auditActions } = await import("@rewards/contract");
    // The installation's 2FA rule has no record id to look up: test/security/mfa.test.ts checks its entry.
    const covered = new Set([
      ...writes.map((write) => write.action),
      "admin.approve",
      "settings.security.save",
      // The team's writes: src/modules/team/team.routes.test.ts checks their entries.
      "team.invite",
      "team.withdraw",
      "team.join",
      "team.role",
      "team.remove",
      // The owner's team settings: src/modules/team/team-rules.test.ts checks its entry.
      "team.settings",
      // The code inventory's writes: src/modules/payouts/payouts.routes.test.ts checks their entries.
      "rewardCode.import",
      "rewardCode.reveal",
      "rewardCode.delete",
      // The payout rules and four-eyes approval: src/modules/payouts/payout-rules.test.ts checks their entries.
      "payoutSettings.update",
      "redeem.approve",
      // Pay selected: src/modules/redeems/pay-many.test.ts checks its entry.
      "redeem.payMany",
      // Holds by hand: src/modules/ledger/holds.test.ts checks their entries.
      "hold.release",
      "hold.extend",
      // Exports: src/modules/exports/exports.routes.test.ts checks their entries.
      "export.run",
      // The gift-card e-mail's templates: src/modules/settings/reward-mail.routes.test.ts checks their entries.
      "settings.rewardMail.save",
      "settings.rewardMail.reset",
      // Shared saved views: src/modules/views/views.routes.test.ts checks their entries.
      "view.create",
      "view.delete",
    ]);
    expect(auditActions.filter((action) => !covered.has(action))).toEqual([]);
  });

  it("records the owner's approvals in the owner's log, and the shell's with no actor", async () => {
    const approval = await newestEntryOf(b.id);
    expect(approval).toMatchObject({
      action: "admin.approve",
      recordType: "admin",
      actor: { _id: a.id },
      changes: { status: { before: "pending", after: "active" } },
    });
    const { id } = await createActiveAdmin(t.app, a.token, "fourth@tenant-d.test");
    await setAdminState(t.db, id, "disabled", null);
    expect(await newestEntryOf(id)).toMatchObject({ action: "admin.disable", actor: null });
  });

  it("writes one entry per record of a bulk call", async () => {
    const ids = [user(2)._id, user(3)._id, user(4)._id];
    await ok(a, "PUT", "/api/users/state/ids", { ids, status: 2 });
    const page = await listOk(a, { filter: { action: "user.status" }, pageSize: 100 });
    for (const id of ids) expect(page.entities.filter((entry) => entry.recordId === id)).toHaveLength(1);
    const countries = [await newCountry(), await newCountry()];
    await ok(a, "POST", "/api/reward/countries/deleteCountries", { ids: countries });
    for (const id of countries) expect((await newestEntryOf(id)).action).toBe("country.delete");
  });
});

describe("a write that fails records nothing", () => {
  it("rolls the entries of a refused bulk redeem change back with it", async () => {
    // Two Pending redeems of different users, in id order (the order their locks and entries are taken).
    // The second is rejected and its user's balance emptied, so moving it back to Pending is refused
    // after the first one's entry was already written: both must go.
    const stillPending = redeemsIn(0)
      .slice(3)
      .sort((x, y) => (x._id < y._id ? -1 : 1));
    const first = stillPending[0] as Redeem;
    const second = stillPending.find((redeem) => redeem.redeemUser !== first.redeemUser) as Redeem;
    await ok(a, "PUT", "/api/redeem/state/ids", { ids: [second._id], status: 2 });
    const current = await ok<AppUser>(a, "GET", `/api/users/${second.redeemUser}`);
    await ok(a, "PUT", `/api/users/${second.redeemUser}`, {
      referCode: current.referCode,
      provision: current.provision,
      isVerfied: current.isVerfied,
      pointsDelta: -current.points,
      pointsReason: "Spend it all",
    });
    const before = await auditRows();
    const historyOfFirst = await historyOf(a, first._id);
    const refused = await send(a, "PUT", "/api/redeem/state/ids", {
      ids: [first._id, second._id],
      status: 0,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await auditRows()).toBe(before);
    expect((await historyOf(a, first._id)).body).toBe(historyOfFirst.body);
    expect((await newestEntryOf(second._id)).changes).toEqual({ status: { before: 0, after: 2 } });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("records nothing for a refused edit", async () => {
    const before = await auditRows();
    const taken = await send(a, "PUT", `/api/users/${user(5)._id}`, {
      referCode: user(6).referCode,
      provision: 1,
      isVerfied: false,
    });
    expect(taken.statusCode).toBe(409);
    expect(await auditRows()).toBe(before);
  });
});

describe("secrets", () => {
  it("are never stored in clear", async () => {
    const stored = (await t.db.select({ changes: auditLog.changes }).from(auditLog))
      .map((row) => JSON.stringify(row.changes))
      .join("\n");
    for (const secret of [
      "GIFT-SECRET-CODE",
      "ios-postback-key",
      "android-postback-key",
      "facebook-secret",
      "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
      "key-tenant",
      "PRIVATE KEY",
      keys.privateKeyPem.split("\n")[1] as string,
    ]) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe("POST /api/audit (list)", () => {
  it("answers only the caller's entries, newest first", async () => {
    const all = await listOk(a, { pageSize: 100 });
    expect(all.totalCount).toBeGreaterThan(20);
    const times = all.entities.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const ofB = await listOk(b, { pageSize: 100 });
    expect(ofB.entities.every((entry) => entry.actor === null || entry.actor._id === b.id)).toBe(true);
    const idsOfA = new Set(all.entities.map((entry) => entry._id));
    expect(ofB.entities.filter((entry) => idsOfA.has(entry._id))).toEqual([]);
    const [rowsOfB] = await t.db.select({ value: count() }).from(auditLog).where(eq(auditLog.adminId, b.id));
    expect(ofB.totalCount).toBe(rowsOfB?.value);
  });

  it("filters by action and by record id, sorts both ways and pages", async () => {
    const created = await listOk(a, { filter: { action: "country.create" }, pageSize: 100 });
    expect(created.totalCount).toBeGreaterThan(3);
    expect(created.entities.every((entry) => entry.action === "country.create")).toBe(true);
    const recordId = user(0)._id;
    const ofUser = await listOk(a, { filter: { recordId } });
    expect(ofUser.entities.every((entry) => entry.recordId === recordId)).toBe(true);
    expect(ofUser.totalCount).toBeGreaterThan(0);
    expect((await listOk(a, { filter: { action: "user.update", recordId: user(9)._id } })).totalCount).toBe(
      0,
    );

    const oldest = await listOk(a, { sortField: "createdAt", sortOrder: "asc", pageSize: 100 });
    const newest = await listOk(a, { sortOrder: "desc", pageSize: 100 });
    expect(newest.totalCount).toBeLessThanOrEqual(100);
    expect(oldest.entities.map((entry) => entry._id)).toEqual(
      newest.entities.map((entry) => entry._id).reverse(),
    );
    const second = await listOk(a, { pageSize: 2, pageNumber: 2 });
    expect(second.entities.map((entry) => entry._id)).toEqual(newest.entities.slice(2, 4).map((e) => e._id));
  });

  it("never lists another administrator's entries, whatever the filter", async () => {
    const recordId = user(0)._id;
    expect((await listOk(b, { filter: { recordId } })).totalCount).toBe(0);
    expect((await listOk(b, { filter: { action: "user.update" } })).totalCount).toBe(0);
    expect((await historyOf(b, recordId)).statusCode).toBe(404);
  });

  it.each([
    [{ filter: { action: "user.explode" } }, "queryParams.filter.action"],
    [{ filter: { recordId: "not-an-id" } }, "queryParams.filter.recordId"],
    [{ filter: { adminId: "x" } }, "queryParams.filter"],
    [{ sortField: "action" }, "queryParams.sortField"],
    [{ pageSize: 101 }, "queryParams.pageSize"],
  ])("answers 400 for %j", async (queryParams, field) => {
    const response = await list(a, queryParams);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it("answers 401 without a token", async () => {
    expect((await send(null, "POST", "/api/audit", { queryParams: {} })).statusCode).toBe(401);
    expect((await send(null, "GET", `/api/audit/record/${user(0)._id}`)).statusCode).toBe(401);
  });
});

describe("GET /api/audit/record/{id}", () => {
  it("answers one record's history newest first, paged", async () => {
    const recordId = user(0)._id;
    const target = await ok<AppUser>(a, "GET", `/api/users/${recordId}`);
    await ok(a, "PUT", `/api/users/${recordId}`, {
      referCode: target.referCode,
      provision: target.provision,
      isVerfied: !target.isVerfied,
      pointsDelta: 50,
      pointsReason: "Goodwill",
    });
    const history = (await historyOf(a, recordId)).json<AuditListAnswer>();
    expect(history.totalCount).toBeGreaterThanOrEqual(2);
    expect(history.entities[0]?.changes).toEqual({
      points: { before: target.points, after: target.points + 50 },
      isVerfied: { before: target.isVerfied, after: !target.isVerfied },
    });
    const page = await send(a, "GET", `/api/audit/record/${recordId}?pageSize=1&pageNumber=2`);
    expect(page.json<AuditListAnswer>().entities[0]?._id).toBe(history.entities[1]?._id);
  });

  it("answers 404 for a record without history, 400 for an id that is not one", async () => {
    expect((await historyOf(a, "01900000-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await historyOf(a, "nope")).statusCode).toBe(400);
    expect((await send(a, "GET", `/api/audit/record/${user(0)._id}?pageSize=0`)).statusCode).toBe(400);
  });
});

describe("the member who acted", () => {
  let support: Member;
  let admin: Member;
  let memberOfB: Member;
  beforeAll(async () => {
    support = await addMember(t, a.id, "support");
    admin = await addMember(t, a.id, "admin");
    memberOfB = await addMember(t, b.id, "admin");
  });

  /** The newest entry of a record, which must name this member (their account, not the app). */
  async function expectActor(recordId: string, action: AuditAction, member: Member) {
    const entry = await newestEntryOf(recordId);
    expect(entry).toMatchObject({
      action,
      actor: { _id: member.id, fullName: `Member ${member.role}`, username: member.username },
    });
    expect(entry.actor?._id).not.toBe(a.id);
  }

  it("is recorded for a support member's pay, points adjustment and ban, and on the ledger and redeem", async () => {
    const pending = (
      await ok<{ entities: Redeem[] }>(support, "POST", "/api/redeem", {
        queryParams: { filter: { status: 0 }, pageSize: 1 },
      })
    ).entities[0] as Redeem;
    await ok(support, "PUT", `/api/redeem/sendReward/${pending._id}`, {
      code: "MEMBER-CODE-1234",
      rewardName: "Amazon Gift Card",
      redeemEmail: "winner@example.com",
      subject: "Your reward",
      text: "<p>Enjoy</p>",
    });
    await expectActor(pending._id, "redeem.pay", support);
    const [paid] = await t.db
      .select({ paidBy: redeems.paidByAdminId })
      .from(redeems)
      .where(eq(redeems.id, pending._id));
    expect(paid?.paidBy).toBe(support.id);

    const target = await ok<AppUser>(support, "GET", `/api/users/${user(20)._id}`);
    await ok(support, "PUT", `/api/users/${target._id}`, {
      referCode: target.referCode,
      provision: target.provision,
      isVerfied: target.isVerfied,
      pointsDelta: 10,
      pointsReason: "Support goodwill",
    });
    await expectActor(target._id, "user.update", support);
    const adjustments = await t.db
      .select({ actor: pointsLedger.actorAdminId })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, target._id), eq(pointsLedger.reason, "admin_adjustment")));
    expect(adjustments.map((row) => row.actor)).toEqual([support.id]);

    const active = users.slice(21).find((candidate) => candidate.isActive) as AppUser;
    await ok(support, "PUT", "/api/users/state/ids", { ids: [active._id], status: 2 });
    await expectActor(active._id, "user.status", support);
  });

  it("is recorded for an admin member's catalog write", async () => {
    const { country } = await ok<{ country: { _id: string } }>(admin, "POST", "/api/reward/countries", {
      code: "JP",
      priority: 3,
    });
    await expectActor(country._id, "country.create", admin);
    await ok(admin, "PUT", `/api/reward/countries/${country._id}`, { code: "KR", priority: 4 });
    await expectActor(country._id, "country.update", admin);
  });

  it("filters the list by member: only that member's entries", async () => {
    const ofSupport = await listOk(a, { filter: { actorId: support.id }, pageSize: 100 });
    expect(ofSupport.entities.map((entry) => entry.action).sort()).toEqual([
      "redeem.pay",
      "user.status",
      "user.update",
    ]);
    expect(ofSupport.totalCount).toBe(3);
    expect(ofSupport.entities.every((entry) => entry.actor?._id === support.id)).toBe(true);
    const ofAdmin = await listOk(a, { filter: { actorId: admin.id, action: "country.update" } });
    expect(ofAdmin.entities.map((entry) => entry.actor?._id)).toEqual([admin.id]);
    const ofOwner = await listOk(a, { filter: { actorId: a.id }, pageSize: 100 });
    expect(ofOwner.totalCount).toBeGreaterThan(20);
    expect(ofOwner.entities.every((entry) => entry.actor?._id === a.id)).toBe(true);
  });

  it("filters to nothing by another app's member, or by a member from another app's log", async () => {
    await ok(memberOfB, "POST", "/api/reward/countries", { code: "BR", priority: 1 });
    expect((await listOk(b, { filter: { actorId: memberOfB.id } })).totalCount).toBe(1);
    expect(await listOk(a, { filter: { actorId: memberOfB.id } })).toMatchObject({
      totalCount: 0,
      entities: [],
    });
    expect((await listOk(b, { filter: { actorId: support.id } })).totalCount).toBe(0);
    expect((await list(a, { filter: { actorId: "not-an-id" } })).statusCode).toBe(400);
  });
});

describe("GET /api/audit/actors", () => {
  const actorsOf = (caller: { headers: { authorization: string } } | null) =>
    t.app.inject({ method: "GET", url: "/api/audit/actors", headers: caller?.headers ?? {} });

  it("lists the app's members by full name, never another app's", async () => {
    const viewer = await addMember(t, a.id, "viewer", "zed");
    const response = await actorsOf(a);
    expect(response.statusCode, response.body).toBe(200);
    const { actors } = response.json<{ actors: AuditActor[] }>();
    const names = actors.map((actor) => actor.fullName);
    expect(names).toEqual([...names].sort());
    expect(actors).toContainEqual({ _id: a.id, fullName: "Olive Owner", email: "owner@tenant-a.test" });
    expect(actors).toContainEqual({ _id: viewer.id, fullName: "Member zed", email: viewer.username });
    const ofB = (await actorsOf(b)).json<{ actors: AuditActor[] }>().actors.map((actor) => actor._id);
    expect(ofB).toContain(b.id);
    expect(ofB).not.toContain(a.id);
    expect(ofB).not.toContain(viewer.id);
    expect(actors.map((actor) => actor._id)).not.toContain(b.id);
  });

  it("answers 403 to support and viewer, 401 without a token", async () => {
    for (const role of ["support", "viewer"] as const) {
      const member = await addMember(t, a.id, role);
      const response = await actorsOf(member);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: "Your role does not allow this" });
    }
    expect((await actorsOf(null)).statusCode).toBe(401);
  });
});
