import type { NativeAds, NetworkConfig } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { admins, networkConfigs } from "../../db/schema/index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let postbackKeyOfA: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  const [row] = await t.db.select({ key: admins.postbackKey }).from(admins).where(eq(admins.id, a.id));
  postbackKeyOfA = row?.key ?? "";
});
afterAll(() => t.close());

const send = (tenant: Tenant | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: tenant?.headers ?? {}, ...(payload ? { payload } : {}) });

const adgem = {
  network: "adgemow",
  appId: "12345",
  postbackSecret: "ios-postback-key-0001",
  postbackSecretAndroid: "android-postback-key-0002",
  provision: 0.7,
  iosEnable: 1,
  androidEnable: 0,
};

describe("network configs", () => {
  it("answers defaults and the postback URL before the first save", async () => {
    const response = await send(a, "GET", `/api/network/cpxresearch/${a.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const config = response.json<NetworkConfig>();
    expect(config._id).toBeUndefined();
    expect(config).toMatchObject({ network: "cpxresearch", appId: "", provision: 0.5 });
    // A new config starts with the postback server addresses the network publishes.
    expect(config.allowedIps).toEqual(["188.40.3.73", "157.90.97.92", "2a01:4f8:d0a:30ff::2"]);
    const lootably = (await send(a, "GET", `/api/network/lootably/${a.id}`)).json<NetworkConfig>();
    expect(lootably.allowedIps).toEqual([]);
    expect(config.postbackUrl).toBe(
      `http://rewards.test/postback/${postbackKeyOfA}/cpxresearch?user_id={user_id}&trans_id={trans_id}&status={status}&amount_local={amount_local}&amount_usd={amount_usd}&ip={ip_click}&secure_hash={secure_hash}`,
    );
  });

  it("creates adgemow, masks its secrets everywhere and keeps them on a masked save", async () => {
    const created = await send(a, "POST", "/api/network/", { ...adgem, adminId: b.id });
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json<{ network: NetworkConfig }>().network;
    expect(config).toMatchObject({
      adminId: a.id,
      appId: "12345",
      postbackSecret: "••••0001",
      postbackSecretAndroid: "••••0002",
      provision: 0.7,
      iosEnable: 1,
    });
    expect(config.postbackUrl).toMatch(
      /\/postback\/\w+\/adgemow\?user_id=\{player_id\}.*verifier=\{verifier\}$/,
    );
    for (const response of [created, await send(a, "GET", `/api/network/adgemow/${a.id}`)]) {
      expect(response.body).not.toContain("ios-postback-key");
      expect(response.body).not.toContain("android-postback-key");
    }

    const kept = await send(a, "PUT", `/api/network/${config._id}`, {
      ...config,
      provision: 0.2,
      adminId: b.id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ provision: 0.2, postbackSecret: "••••0001", adminId: a.id });
    const [stored] = await t.db
      .select()
      .from(networkConfigs)
      .where(eq(networkConfigs.id, config._id ?? ""));
    expect(stored).toMatchObject({
      postbackSecret: adgem.postbackSecret,
      postbackSecretAndroid: adgem.postbackSecretAndroid,
    });

    const replaced = await send(a, "PUT", `/api/network/${config._id}`, {
      ...config,
      postbackSecret: "new-secret-9999",
    });
    expect(replaced.json().postbackSecret).toBe("••••9999");
    const [after] = await t.db
      .select()
      .from(networkConfigs)
      .where(eq(networkConfigs.id, config._id ?? ""));
    expect(after?.postbackSecret).toBe("new-secret-9999");
  });

  it("puts the secret in the URL for networks that cannot sign", async () => {
    const created = await send(a, "POST", "/api/network/", {
      network: "hangmyads",
      appId: "aff-1",
      appToken: "api-key-abcd",
      postbackSecret: "s3cret/+",
      provision: 1,
      iosEnable: 1,
      androidEnable: 1,
    });
    const config = created.json<{ network: NetworkConfig }>().network;
    expect(config.appToken).toBe("••••abcd");
    expect(config.postbackUrl).toMatch(/hangmyads\?user_id=\{aff_sub\}.*&secret=s3cret%2F%2B$/);
  });

  // The secret in that URL lets anyone forge the network's postbacks: only roles that read secrets see it.
  it.each(["support", "viewer"] as const)("masks the URL's secret for %s", async (role) => {
    const member = await addMember(t, a.id, role);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/network/hangmyads/${a.id}`,
      headers: member.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).not.toContain("s3cret");
    expect(read.json<NetworkConfig>().postbackUrl).toMatch(/&secret=(%E2%80%A2)+$/);
    const admin = await addMember(t, a.id, "admin");
    const full = await t.app.inject({
      method: "GET",
      url: `/api/network/hangmyads/${a.id}`,
      headers: admin.headers,
    });
    expect(full.json<NetworkConfig>().postbackUrl).toMatch(/&secret=s3cret%2F%2B$/);
  });

  it("stores ipdata's key alone and AdGate's allowed addresses", async () => {
    const ipdata = await send(a, "POST", "/api/network/", {
      network: "ipdata",
      appId: "ipdata-key-0a1b2c3d",
    });
    expect(ipdata.statusCode, ipdata.body).toBe(200);
    // ipdata's "App ID" is its API key: a secret, answered masked and kept when the mask comes back.
    const saved = ipdata.json<{ network: NetworkConfig }>().network;
    expect(saved).toMatchObject({ appId: "••••2c3d", postbackUrl: null });
    const kept = await send(a, "PUT", `/api/network/${saved._id}`, { ...saved });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.body).not.toContain("ipdata-key");
    const [stored] = await t.db
      .select()
      .from(networkConfigs)
      .where(eq(networkConfigs.id, saved._id ?? ""));
    expect(stored?.appId).toBe("ipdata-key-0a1b2c3d");
    const adgate = await send(a, "POST", "/api/network/", {
      network: "adgateow",
      appId: "wall",
      postbackSecret: "secret",
      provision: 0.5,
      iosEnable: 0,
      androidEnable: 1,
      allowedIps: ["52.42.57.125", "2001:db8::1"],
    });
    expect(adgate.json().network.allowedIps).toEqual(["52.42.57.125", "2001:db8::1"]);
  });

  it.each([
    ["no App Id", { ...adgem, appId: "" }, { appId: "App Id is required" }],
    [
      "no Android secret for adgemow",
      { ...adgem, network: "adgemow", postbackSecretAndroid: "" },
      { postbackSecretAndroid: "Required field" },
    ],
    [
      "no postback secret",
      { ...adgem, network: "lootably", appToken: "t", postbackSecret: "" },
      { postbackSecret: "Required field" },
    ],
    [
      "no App Token",
      { ...adgem, network: "hangmyadsow", appToken: "" },
      { appToken: "App Token is required" },
    ],
    ["no Security Hash", { ...adgem, network: "cpxresearch" }, { appToken: "Security Hash is required" }],
    ["a provision above 1", { ...adgem, provision: 1.1 }, { provision: "Maximum 1" }],
    ["a provision below 0", { ...adgem, provision: -0.1 }, { provision: "Minimum 0" }],
    ["no provision", { ...adgem, provision: "" }, { provision: "Provision is required" }],
    ["an enable flag of 2", { ...adgem, iosEnable: 2 }, { iosEnable: "Must be 0 or 1" }],
    [
      "a bad IP",
      { ...adgem, network: "adgateow", allowedIps: ["1.2.3"] },
      { "allowedIps.0": "Not an IP address" },
    ],
    [
      "a bad IP in any postback network's list",
      { ...adgem, allowedIps: ["2001:db8::zz"] },
      { "allowedIps.0": "Not an IP address" },
    ],
    [
      "a secret key equal to the App ID, which offerwall links show",
      { ...adgem, network: "bitlabs", appId: "public-token", postbackSecret: "public-token" },
      {
        postbackSecret: "The secret key cannot be the same as the ID that offerwall links show to app users",
      },
    ],
    ["an unknown network", { ...adgem, network: "nope" }, { network: "Unknown network" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(a, "POST", "/api/network/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 404 for an unknown network name", async () => {
    const response = await send(a, "GET", `/api/network/facebook/${a.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Unknown network");
    expect((await send(a, "GET", `/api/network/applovin/${a.id}`)).statusCode).toBe(404);
  });

  it("answers 401, 403 for another id, 404 for another tenant's record and 400 for a changed network", async () => {
    expect((await send(null, "GET", `/api/network/adgemow/${a.id}`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/network/adgemow/${a.id}`)).statusCode).toBe(403);
    const ofA = (await send(a, "GET", `/api/network/adgemow/${a.id}`)).json<NetworkConfig>();
    expect((await send(b, "PUT", `/api/network/${ofA._id}`, adgem)).statusCode).toBe(404);
    const changed = await send(a, "PUT", `/api/network/${ofA._id}`, { ...adgem, network: "adgateow" });
    expect(changed.statusCode).toBe(400);
    expect((await send(b, "GET", `/api/network/adgemow/${b.id}`)).json()._id).toBeUndefined();
  });
});

describe("native ads", () => {
  const applovin = {
    network: "applovin",
    owClick: 3,
    navClick: 10,
    owEnable: 1,
    openEnable: 0,
    navClickEnable: 1,
    bannerEnable: 1,
  };

  it("creates, updates and reads AppLovin's config", async () => {
    const empty = await send(a, "GET", `/api/nativeAds/applovin/${a.id}`);
    expect(empty.json()).toMatchObject({ owClick: 0, bannerEnable: 0 });
    const created = await send(a, "POST", "/api/nativeAds/", applovin);
    expect(created.statusCode, created.body).toBe(200);
    const nativeAds = created.json<{ nativeAds: NativeAds }>().nativeAds;
    const updated = await send(a, "PUT", `/api/nativeAds/${nativeAds._id}`, { ...applovin, owClick: 0 });
    expect(updated.json()).toMatchObject({ owClick: 0, navClick: 10 });
    expect((await send(a, "GET", `/api/nativeAds/applovin/${a.id}`)).json()).toMatchObject({ owClick: 0 });
    expect((await send(b, "PUT", `/api/nativeAds/${nativeAds._id}`, applovin)).statusCode).toBe(404);
  });

  it.each([
    ["11 clicks", { ...applovin, owClick: 11 }, { owClick: "Maximum 10" }],
    ["-1 clicks", { ...applovin, navClick: -1 }, { navClick: "Minimum 0" }],
    ["no clicks", { ...applovin, navClick: "" }, { navClick: "Required field" }],
    ["a switch of 3", { ...applovin, bannerEnable: 3 }, { bannerEnable: "Must be 0 or 1" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(b, "POST", "/api/nativeAds/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401, 403 and 404 for an unknown name", async () => {
    expect((await send(null, "GET", `/api/nativeAds/applovin/${a.id}`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/nativeAds/applovin/${a.id}`)).statusCode).toBe(403);
    expect((await send(a, "GET", `/api/nativeAds/adgemow/${a.id}`)).statusCode).toBe(404);
  });
});
