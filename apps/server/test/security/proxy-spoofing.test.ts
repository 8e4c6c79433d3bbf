import { randomUUID } from "node:crypto";
import type { AppSessionAnswer, GeneralConfig } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, appUsers } from "../../src/db/schema/index.ts";
import { signUpBody } from "../support/app-api.ts";
import { adminIdOf, bearer, goodPassword, registerOwner } from "../support/auth-helpers.ts";
import { type IpDataServer, startIpDataServer } from "../support/ip-data-server.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Every control that reads the client's address, attacked with a made-up X-Forwarded-For. Each setup
// says how a request from `client` claiming to be `claimed` reaches the server; in every one the server
// must see `client`: the header is ignored unless it comes from a configured proxy, and then the
// right-most address no trusted proxy vouches for is the client (the left-most is whatever the client
// wrote).

const proxy = "10.0.0.1";
const direct = (client: string, claimed: string) => ({
  remoteAddress: client,
  headers: { "x-forwarded-for": claimed },
});
// A proxy appends the address it saw to what the client sent (nginx's $proxy_add_x_forwarded_for).
const viaProxy = (client: string, claimed: string) => ({
  remoteAddress: proxy,
  headers: { "x-forwarded-for": `${claimed}, ${client}` },
});
const viaTwoProxies = (client: string, claimed: string) => ({
  remoteAddress: proxy,
  headers: { "x-forwarded-for": `${claimed}, ${client}, 10.0.0.7` },
});

type Setup = { trustProxy?: string; send: typeof direct };
const setups: [string, Setup][] = [
  ["TRUST_PROXY unset, the client sends the header itself", { send: direct }],
  ["TRUST_PROXY names a proxy, the client connects directly", { trustProxy: proxy, send: direct }],
  ["TRUST_PROXY is a hop count, the client connects directly", { trustProxy: "1", send: direct }],
  ["behind two proxies in the range TRUST_PROXY names", { trustProxy: "10.0.0.0/8", send: viaTwoProxies }],
  ["behind one proxy, TRUST_PROXY a hop count", { trustProxy: "1", send: viaProxy }],
];

const ipDataKey = "ipdata-key-proxy-test";
const adgateSecret = "adgate-secret-proxy-test";
const addresses = {
  attacker: "203.0.113.66",
  other: "203.0.113.67",
  vpn: "203.0.113.50",
  usHome: "198.51.100.20",
  france: "192.0.2.33",
  shared: "198.51.100.99",
  fresh: "198.51.100.98",
  adgate: "198.51.100.200",
};
const limit = { points: 3, durationSeconds: 600 };
const roomy = { points: 10_000, durationSeconds: 600 };

let ipData: IpDataServer;
beforeAll(async () => {
  ipData = await startIpDataServer(ipDataKey);
  ipData.profile(addresses.vpn, { country: "NL", vpn: true });
  for (const ip of [addresses.usHome, addresses.shared, addresses.fresh, addresses.attacker]) {
    ipData.profile(ip, { country: "US" });
  }
  ipData.profile(addresses.france, { country: "FR" });
});
afterAll(() => ipData?.close());

describe("hole 2: a client cannot choose its own IP", () => {
  describe.each(setups)("%s", (_, setup) => {
    let t: TestApp;
    let ownerHeaders: { authorization: string };
    let adminId: string;
    let appKey: string;

    beforeAll(async () => {
      t = await startTestApp({
        outbox: false,
        env: {
          IPDATA_BASE_URL: ipData.baseUrl,
          ...(setup.trustProxy ? { TRUST_PROXY: setup.trustProxy } : {}),
        },
        rateLimits: {
          loginPerIp: limit,
          recoverPerIp: limit,
          appSignUpPerIp: roomy,
          appSignUpPerDevice: roomy,
        },
      });
      const token = await registerOwner(t.app, "owner@proxy.test");
      ownerHeaders = bearer(token);
      adminId = await adminIdOf(t.app, token, "owner@proxy.test");
      [appKey] = (await t.db.select({ key: admins.appKey }).from(admins).where(eq(admins.id, adminId))).map(
        (row) => row.key,
      ) as [string];
      for (const payload of [
        { network: "ipdata", appId: ipDataKey },
        {
          network: "adgateow",
          appId: "wall-1",
          postbackSecret: adgateSecret,
          provision: 1,
          iosEnable: 1,
          androidEnable: 1,
          allowedIps: [addresses.adgate],
        },
      ]) {
        const saved = await t.app.inject({
          method: "POST",
          url: "/api/network/",
          headers: ownerHeaders,
          payload,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    });
    afterAll(() => t?.close());

    const login = (client: string, claimed: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/login",
        ...setup.send(client, claimed),
        payload: { username: "owner@proxy.test", password: goodPassword },
      });
    const recover = (client: string, claimed: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/auth/recover",
        ...setup.send(client, claimed),
        payload: { email: "nobody@proxy.test" },
      });
    const signUp = (email: string, client: string, claimed: string) => {
      const { remoteAddress, headers } = setup.send(client, claimed);
      return t.app.inject({
        method: "POST",
        url: "/app/v1/auth/sign-up",
        remoteAddress,
        headers: { ...headers, "x-app-key": appKey },
        payload: signUpBody(email),
      });
    };
    const userOf = async (response: Awaited<ReturnType<typeof signUp>>) => {
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<AppSessionAnswer>().user._id;
      return (await t.db.select().from(appUsers).where(eq(appUsers.id, id)))[0];
    };

    it.each([
      ["admin sign-in", login],
      ["password recovery", recover],
    ] as const)("the per-IP %s limit counts the real client, whatever it claims", async (_, attempt) => {
      for (let i = 1; i <= 3; i++) {
        const allowed = await attempt(addresses.attacker, `198.51.100.${i}`);
        expect(allowed.statusCode, allowed.body).not.toBe(429);
        expect(allowed.statusCode).toBeLessThan(500);
      }
      const refused = await attempt(addresses.attacker, "198.51.100.77");
      expect(refused.statusCode).toBe(429);
      // Another client (through the same proxy, where there is one) still gets in, claiming the attacker.
      expect((await attempt(addresses.other, addresses.attacker)).statusCode).not.toBe(429);
    });

    it("VPN screening screens the real address: a VPN user claiming a home address is refused", async () => {
      await setBlockSwitch(true);
      try {
        const refused = await signUp("vpn@proxy.test", addresses.vpn, addresses.usHome);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(ipData.requests.at(-1)?.ip).toBe(addresses.vpn);
        expect(await t.db.select().from(appUsers).where(eq(appUsers.username, "vpn@proxy.test"))).toEqual([]);
        // Claiming to be the VPN changes nothing for a clean address either.
        const home = await userOf(await signUp("home@proxy.test", addresses.usHome, addresses.vpn));
        expect(home?.riskReasons).not.toContain("vpn");
      } finally {
        await setBlockSwitch(false);
      }
    });

    it("the country comes from the real address, not the claimed one", async () => {
      const user = await userOf(await signUp("fr@proxy.test", addresses.france, addresses.usHome));
      expect(user).toMatchObject({ geo: "FR", ipSignup: addresses.france });
    });

    it("linked-account flags follow the real address", async () => {
      await userOf(await signUp("first@proxy.test", addresses.shared, addresses.fresh));
      // A second account from the same address, claiming a fresh one, is still linked.
      const second = await userOf(await signUp("second@proxy.test", addresses.shared, addresses.fresh));
      expect(second).toMatchObject({ ipSignup: addresses.shared });
      expect(second?.riskReasons).toContain("linked_ip");
      // Claiming the shared address from elsewhere links nothing (and frames no one).
      const elsewhere = await userOf(await signUp("third@proxy.test", addresses.fresh, addresses.shared));
      expect(elsewhere?.riskReasons).not.toContain("linked_ip");
    });

    it("AdGate's allowed addresses admit AdGate and refuse anyone claiming to be it", async () => {
      const userId = randomUUID();
      await t.db.insert(appUsers).values({
        id: userId,
        adminId,
        username: `${userId}@users.test`,
        referCode: userId.slice(0, 6),
      });
      const hint = await t.app.inject({
        method: "GET",
        url: `/api/network/adgateow/${adminId}`,
        headers: ownerHeaders,
      });
      const template = hint.json<{ postbackUrl: string }>().postbackUrl;
      const postback = (tx: string, client: string, claimed: string) => {
        const values: Record<string, string> = {
          "{s1}": userId,
          "{points}": "100",
          "{payout}": "1",
          "{conversion_id}": tx,
          "{state}": "approved",
          "{vc_title}": "Offer",
          "{session_ip}": addresses.usHome,
        };
        const url = template
          .replace("http://rewards.test", "")
          .replace(/\{\w+\}/g, (macro) => encodeURIComponent(values[macro] ?? ""));
        return t.app.inject({ method: "GET", url, ...setup.send(client, claimed) });
      };
      const balance = async () =>
        (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]
          ?.points;

      const forged = await postback("forged-1", addresses.attacker, addresses.adgate);
      expect(forged.statusCode).toBe(403);
      expect(await balance()).toBe(0);
      const real = await postback("real-1", addresses.adgate, addresses.attacker);
      expect(real.statusCode, real.body).toBe(200);
      expect(await balance()).toBeGreaterThan(0);
    });

    async function setBlockSwitch(on: boolean) {
      const current = await t.app.inject({
        method: "GET",
        url: `/api/setting/settingconfig/${adminId}`,
        headers: ownerHeaders,
      });
      const { _id, adminId: _, name, updatedAt, ...rules } = current.json<GeneralConfig>();
      const response = await t.app.inject({
        method: _id ? "PUT" : "POST",
        url: _id ? `/api/setting/settingconfig/${_id}` : "/api/setting/settingconfig",
        headers: ownerHeaders,
        payload: { ...rules, blockVpnSignups: on },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
