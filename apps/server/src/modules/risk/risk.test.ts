import type { AppRedeemAnswer, AppSessionAnswer, GeneralConfig } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpBody, signUpOk } from "../../../test/support/app-api.ts";
import { type IpDataServer, startIpDataServer } from "../../../test/support/ip-data-server.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, ipScreenings, redeems } from "../../db/schema/index.ts";
import { movePoints } from "../ledger/move-points.ts";

let t: TestApp;
let ipData: IpDataServer;
let a: Tenant;
let b: Tenant;
let keyA: string;
let keyB: string;
let usItem: string;

const ipDataKey = "ipdata-key-of-a";
const roomy = { points: 10_000, durationSeconds: 3600 };
const addresses = {
  usHome: "198.51.100.20",
  usHome2: "198.51.100.21",
  france: "192.0.2.33",
  vpn: "203.0.113.50",
  tor: "203.0.113.51",
  datacenter: "203.0.113.52",
  shared: "198.51.100.99",
  traveller: "198.51.100.30",
};

beforeAll(async () => {
  ipData = await startIpDataServer(ipDataKey);
  ipData.profile(addresses.usHome, { country: "US" });
  ipData.profile(addresses.usHome2, { country: "US" });
  ipData.profile(addresses.shared, { country: "US" });
  ipData.profile(addresses.traveller, { country: "US" });
  ipData.profile(addresses.france, { country: "FR" });
  ipData.profile(addresses.vpn, { country: "NL", vpn: true });
  ipData.profile(addresses.tor, { country: "DE", tor: true, threat: true });
  ipData.profile(addresses.datacenter, { country: "US", datacenter: true });
  t = await startTestApp({
    env: { IPDATA_BASE_URL: ipData.baseUrl },
    rateLimits: { appSignUpPerIp: roomy, appSignUpPerDevice: roomy },
  });
  ({ a, b } = await twoTenants(t.app));
  [keyA, keyB] = [await appKeyOf(t.db, a.id), await appKeyOf(t.db, b.id)];
  const saved = await t.app.inject({
    method: "POST",
    url: "/api/network/",
    headers: a.headers,
    payload: { network: "ipdata", appId: ipDataKey },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  usItem = (await addCatalogCountry(t.db, a, "US")).itemIds[0] as string;
});
afterAll(async () => {
  await t?.close();
  await ipData?.close();
});

const userRow = async (id: string) => (await t.db.select().from(appUsers).where(eq(appUsers.id, id)))[0];
const screeningsOf = (userId: string) =>
  t.db.select().from(ipScreenings).where(eq(ipScreenings.userId, userId));
const signUp = (email: string, ip: string, key = keyA) =>
  appCall(t.app, { method: "POST", url: "/auth/sign-up", key, ip, payload: signUpBody(email) });

async function setBlockSwitch(on: boolean) {
  const current = await t.app.inject({
    method: "GET",
    url: `/api/setting/settingconfig/${a.id}`,
    headers: a.headers,
  });
  const config = current.json<GeneralConfig>();
  const { _id, adminId, name, updatedAt, ...rules } = config;
  const response = await t.app.inject({
    method: _id ? "PUT" : "POST",
    url: _id ? `/api/setting/settingconfig/${_id}` : "/api/setting/settingconfig",
    headers: a.headers,
    payload: { ...rules, blockVpnSignups: on },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("sign-up screening", () => {
  it("screens the address with the tenant's key, and takes the country from it", async () => {
    const session = (await signUp("clean@example.com", addresses.usHome)).json<AppSessionAnswer>();
    expect(ipData.requests.at(-1)).toEqual({ ip: addresses.usHome, key: ipDataKey });
    expect((await userRow(session.user._id))?.riskReasons).toEqual([]);
    expect(await screeningsOf(session.user._id)).toMatchObject([
      { purpose: "signup", ip: addresses.usHome, status: "screened", country: "US", isVpn: false },
    ]);
  });

  it("flags a VPN sign-up while the switch is off, and takes the country from the IP, not the device", async () => {
    const response = await signUp("vpn-off@example.com", addresses.vpn);
    expect(response.statusCode, response.body).toBe(200);
    const user = await userRow(response.json<AppSessionAnswer>().user._id);
    expect(user).toMatchObject({ geo: "NL", riskReasons: ["vpn"] });
    const tor = await signUp("tor-off@example.com", addresses.tor);
    expect((await userRow(tor.json<AppSessionAnswer>().user._id))?.riskReasons).toEqual(["tor", "threat"]);
  });

  it("refuses VPN, proxy and Tor sign-ups with 403 and creates nothing while the switch is on", async () => {
    await setBlockSwitch(true);
    try {
      for (const [email, ip] of [
        ["vpn-on@example.com", addresses.vpn],
        ["tor-on@example.com", addresses.tor],
      ] as const) {
        const response = await signUp(email, ip);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message).toBe(
          "Sign-ups through a VPN, proxy or Tor are not allowed. Turn it off and try again.",
        );
        expect(await t.db.select().from(appUsers).where(eq(appUsers.username, email))).toEqual([]);
      }
      // A data-center address is flagged, not refused: the switch is about hidden addresses.
      const hosted = await signUp("hosted@example.com", addresses.datacenter);
      expect(hosted.statusCode).toBe(200);
      expect((await userRow(hosted.json<AppSessionAnswer>().user._id))?.riskReasons).toEqual(["datacenter"]);
    } finally {
      await setBlockSwitch(false);
    }
    expect((await signUp("vpn-on@example.com", addresses.vpn)).statusCode).toBe(200);
  });

  it.each(["error", "garbage"] as const)(
    "lets the user in, flagged unscreened, when the service answers %s",
    async (mode) => {
      ipData.setMode(mode);
      try {
        const response = await signUp(`down-${mode}@example.com`, addresses.usHome2);
        expect(response.statusCode, response.body).toBe(200);
        const user = await userRow(response.json<AppSessionAnswer>().user._id);
        // No screened country: the device's decides.
        expect(user).toMatchObject({ geo: "US", riskReasons: expect.arrayContaining(["unscreened"]) });
        expect(await screeningsOf(user?.id ?? "")).toMatchObject([{ status: "unscreened", country: null }]);
      } finally {
        ipData.setMode("ok");
      }
    },
  );

  it("gives up on a service that does not answer within about 2 seconds", async () => {
    ipData.setMode("hang");
    const started = Date.now();
    try {
      const response = await signUp("slow@example.com", addresses.usHome2);
      expect(response.statusCode, response.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await userRow(response.json<AppSessionAnswer>().user._id))?.riskReasons).toContain(
        "unscreened",
      );
    } finally {
      ipData.setMode("ok");
    }
  });

  it("does not call the service for a tenant without a key, and flags its users unscreened", async () => {
    const before = ipData.requests.length;
    const session = await signUpOk(t.app, keyB, "nokey@example.com", {}, addresses.usHome);
    expect(ipData.requests.length).toBe(before);
    expect((await userRow(session.user._id))?.riskReasons).toEqual(["unscreened"]);
  });
});

describe("linked accounts", () => {
  it("links users sharing a visitorId, a device id or a sign-up IP, on both sides", async () => {
    const first = signUpBody("first@example.com");
    const original = await signUpOk(t.app, keyA, "first@example.com", first, addresses.shared);
    const sameVisitor = await signUpOk(
      t.app,
      keyA,
      "same-visitor@example.com",
      { visitorId: first.visitorId },
      addresses.usHome,
    );
    const sameDevice = await signUpOk(
      t.app,
      keyA,
      "same-device@example.com",
      { device: { ...first.device, androidId: null } },
      addresses.usHome,
    );
    const sameIp = await signUpOk(t.app, keyA, "same-ip@example.com", {}, addresses.shared);

    expect((await userRow(sameVisitor.user._id))?.riskReasons).toContain("linked_visitor");
    expect((await userRow(sameDevice.user._id))?.riskReasons).toContain("linked_device");
    expect((await userRow(sameIp.user._id))?.riskReasons).toEqual(["linked_ip"]);
    expect((await userRow(original.user._id))?.riskReasons).toEqual([
      "linked_visitor",
      "linked_device",
      "linked_ip",
    ]);
  });

  it("links sign-ups that share a key even when they arrive at the same moment", async () => {
    const visitorId = "fp-simultaneous";
    const sessions = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        signUpOk(t.app, keyA, `simultaneous-${n}@example.com`, { visitorId }, `198.51.100.${110 + n}`),
      ),
    );
    for (const session of sessions) {
      expect((await userRow(session.user._id))?.riskReasons).toContain("linked_visitor");
    }
  });

  it("does not link users through the all-zero advertising id of opted-out devices", async () => {
    const zero = { device: { gaid: "00000000-0000-0000-0000-000000000000", country_code: "US" } };
    const one = await signUpOk(t.app, keyA, "zero-1@example.com", zero, "198.51.100.70");
    const two = await signUpOk(t.app, keyA, "zero-2@example.com", zero, "198.51.100.71");
    for (const session of [one, two]) {
      expect((await userRow(session.user._id))?.riskReasons).not.toContain("linked_device");
    }
  });

  it("never links across tenants", async () => {
    const body = signUpBody("tenant-a@example.com");
    await signUpOk(t.app, keyA, "tenant-a@example.com", body, "198.51.100.80");
    const inB = await signUpOk(
      t.app,
      keyB,
      "tenant-b@example.com",
      { visitorId: body.visitorId, device: body.device },
      "198.51.100.80",
    );
    expect((await userRow(inB.user._id))?.riskReasons).toEqual(["unscreened"]);
  });
});

describe("redeem screening", () => {
  let session: AppSessionAnswer;

  beforeAll(async () => {
    session = await signUpOk(t.app, keyA, "traveller@example.com", {}, addresses.traveller);
    await t.db.transaction((tx) =>
      movePoints(tx, { adminId: a.id, userId: session.user._id, amount: 20_000, reason: "admin_adjustment" }),
    );
  });

  const redeemFrom = async (ip: string) => {
    const response = await appCall(t.app, {
      method: "POST",
      url: "/redeems",
      key: keyA,
      token: session.accessToken,
      ip,
      payload: { rewardItemId: usItem },
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<AppRedeemAnswer>().redeem._id;
    return (await t.db.select().from(redeems).where(eq(redeems.id, id)))[0];
  };

  it("records the address and its country, and no reason when it matches the sign-up country", async () => {
    const redeem = await redeemFrom(addresses.traveller);
    expect(redeem).toMatchObject({ ip: addresses.traveller, ipCountry: "US", riskReasons: [] });
  });

  it("adds country_mismatch when the redeem comes from another country", async () => {
    const redeem = await redeemFrom(addresses.france);
    expect(redeem).toMatchObject({
      ip: addresses.france,
      ipCountry: "FR",
      riskReasons: ["country_mismatch"],
    });
    const [screening] = await t.db
      .select()
      .from(ipScreenings)
      .where(and(eq(ipScreenings.redeemId, redeem?.id ?? ""), eq(ipScreenings.purpose, "redeem")));
    expect(screening).toMatchObject({ status: "screened", country: "FR", userId: session.user._id });
  });

  it("carries the user's own reasons and the redeem address's flags", async () => {
    await t.db
      .update(appUsers)
      .set({ riskReasons: ["linked_ip"] })
      .where(eq(appUsers.id, session.user._id));
    const redeem = await redeemFrom(addresses.vpn);
    expect(redeem?.riskReasons).toEqual(["vpn", "linked_ip", "country_mismatch"]);
  });

  it("adds unscreened when the service is down, and still takes the request", async () => {
    ipData.setMode("error");
    try {
      const redeem = await redeemFrom(addresses.usHome);
      expect(redeem).toMatchObject({ ipCountry: null, riskReasons: ["unscreened", "linked_ip"] });
    } finally {
      ipData.setMode("ok");
    }
  });
});
