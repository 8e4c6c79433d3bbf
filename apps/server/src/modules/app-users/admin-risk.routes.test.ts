import type { AppUserDetails, AppUserListAnswer, LinkedAccount } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUserDevices, appUsers, ipScreenings } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

// Fraud signals (decision 0018), read side. The app API writes risk reasons and screenings; here they are
// inserted directly, so these tests pin down what the dashboard reads whatever wrote them.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let serial = 0;

type UserFields = Partial<typeof appUsers.$inferInsert>;
type DeviceFields = Partial<typeof appUserDevices.$inferInsert>;

async function addUser(tenant: Tenant, fields: UserFields = {}, devices: DeviceFields[] = []) {
  serial += 1;
  const id = newId();
  await t.db.insert(appUsers).values({
    id,
    adminId: tenant.id,
    username: `user${String(serial).padStart(3, "0")}@fraud.test`,
    referCode: `R${serial}`,
    ...fields,
  });
  for (const device of devices)
    await t.db.insert(appUserDevices).values({ id: newId(), adminId: tenant.id, userId: id, ...device });
  return id;
}

async function details(tenant: Tenant, id: string) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/users/details/${id}`,
    headers: tenant.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AppUserDetails>();
}

const linked = (accounts: LinkedAccount[]) => accounts.map(({ _id, via }) => ({ _id, via }));

const screening = (tenant: Tenant, userId: string, overrides: Partial<typeof ipScreenings.$inferInsert>) => ({
  id: newId(),
  adminId: tenant.id,
  userId,
  purpose: "signup" as const,
  ip: "198.51.100.1",
  status: "screened" as const,
  ...overrides,
});

// The cluster around "main": one user per kind of link, plus look-alikes that must not count.
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  ids.main = await addUser(
    a,
    {
      visitorId: "visitor-shared",
      ipSignup: "203.0.113.7",
      riskReasons: ["vpn", "linked_visitor", "linked_device", "linked_ip"],
    },
    [
      { gaid: "gaid-shared", androidId: "android-own" },
      { gaid: "00000000-0000-0000-0000-000000000000", androidId: "android-shared" },
    ],
  );
  ids.sameVisitor = await addUser(a, { visitorId: "visitor-shared", riskReasons: ["linked_visitor"] });
  // Shares both the visitor and the IP: listed once, by the stronger link.
  ids.visitorAndIp = await addUser(a, { visitorId: "visitor-shared", ipSignup: "203.0.113.7" });
  ids.sameGaid = await addUser(a, { riskReasons: ["linked_device"] }, [{ gaid: "gaid-shared" }]);
  ids.sameAndroidId = await addUser(a, {}, [{ androidId: "android-shared" }]);
  ids.sameIp = await addUser(a, { ipSignup: "203.0.113.7", riskReasons: ["linked_ip"] });
  // Look-alikes: another address in the same /24 (a prefix is not a link), the opted-out all-zero GAID.
  ids.nearIp = await addUser(a, { ipSignup: "203.0.113.70" });
  ids.zeroGaid = await addUser(a, {}, [{ gaid: "00000000-0000-0000-0000-000000000000" }]);
  ids.clean = await addUser(a, { visitorId: "visitor-clean", ipSignup: "192.0.2.1" });
  // Another tenant's users never link to this one's, even with the very same ids.
  ids.otherTenant = await addUser(
    b,
    { visitorId: "visitor-shared", ipSignup: "203.0.113.7", riskReasons: ["linked_visitor"] },
    [{ gaid: "gaid-shared", androidId: "android-shared" }],
  );
});
afterAll(() => t.close());

describe("risk reasons in the Users list", () => {
  it("answers each user's stored reasons, and none for a clean user", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users?group=false",
      headers: a.headers,
      payload: { queryParams: { pageSize: 100 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const reasonsOf = new Map(
      response.json<AppUserListAnswer>().entities.map((user) => [user._id, user.riskReasons]),
    );
    expect(reasonsOf.get(ids.main as string)).toEqual([
      "vpn",
      "linked_visitor",
      "linked_device",
      "linked_ip",
    ]);
    expect(reasonsOf.get(ids.sameGaid as string)).toEqual(["linked_device"]);
    expect(reasonsOf.get(ids.clean as string)).toEqual([]);
  });

  it("leaves out a stored reason this server does not know, instead of failing the list", async () => {
    const id = await addUser(a, { riskReasons: ["tor", "reason_from_a_newer_server"] });
    const response = await t.app.inject({ method: "GET", url: `/api/users/${id}`, headers: a.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().riskReasons).toEqual(["tor"]);
  });
});

describe("linked accounts in the user details", () => {
  it("names each user sharing the visitorId, a device id or the sign-up IP once, strongest link first", async () => {
    const found = await details(a, ids.main as string);
    expect(found.riskReasons).toEqual(["vpn", "linked_visitor", "linked_device", "linked_ip"]);
    expect(linked(found.linkedAccounts)).toEqual([
      ...[ids.sameVisitor, ids.visitorAndIp]
        .sort((x, y) => (x as string).localeCompare(y as string))
        .map((_id) => ({ _id, via: "visitor" })),
      ...[ids.sameGaid, ids.sameAndroidId].map((_id) => ({ _id, via: "device" })),
      { _id: ids.sameIp, via: "ip" },
    ]);
    const usernames = found.linkedAccounts.map((account) => account.username);
    // Within one kind of link, by e-mail (the helper's addresses follow creation order).
    expect(usernames.slice(0, 2)).toEqual([...usernames.slice(0, 2)].sort());
    expect(found.linkedAccounts.map((account) => account._id)).not.toContain(ids.nearIp);
    expect(found.linkedAccounts.map((account) => account._id)).not.toContain(ids.zeroGaid);
    expect(found.linkedAccounts.map((account) => account._id)).not.toContain(ids.otherTenant);
  });

  it("links both ways, and a clean user to nobody", async () => {
    expect(linked((await details(a, ids.sameGaid as string)).linkedAccounts)).toEqual([
      { _id: ids.main, via: "device" },
    ]);
    expect(linked((await details(a, ids.sameIp as string)).linkedAccounts)).toEqual([
      { _id: ids.main, via: "ip" },
      { _id: ids.visitorAndIp, via: "ip" },
    ]);
    expect((await details(a, ids.clean as string)).linkedAccounts).toEqual([]);
    // The other tenant's user sees nobody of tenant A.
    expect((await details(b, ids.otherTenant as string)).linkedAccounts).toEqual([]);
  });

  it("shows at most 20, however many share a sign-up IP", async () => {
    const first = await addUser(a, { ipSignup: "100.64.0.1" });
    for (let i = 0; i < 24; i++) await addUser(a, { ipSignup: "100.64.0.1" });
    const found = await details(a, first);
    expect(found.linkedAccounts).toHaveLength(20);
    expect(new Set(found.linkedAccounts.map((account) => account._id)).size).toBe(20);
    expect(found.linkedAccounts.every((account) => account.via === "ip")).toBe(true);
  });
});

describe("the sign-up screening in the user details", () => {
  it("answers the latest sign-up screening, not a redeem's; null when there is none", async () => {
    const userId = ids.main as string;
    await t.db.insert(ipScreenings).values([
      screening(a, userId, { createdAt: new Date("2026-01-01T10:00:00Z"), status: "unscreened" }),
      screening(a, userId, {
        createdAt: new Date("2026-01-02T10:00:00Z"),
        ip: "203.0.113.7",
        country: "NL",
        isVpn: true,
        isDatacenter: true,
      }),
      screening(a, userId, {
        createdAt: new Date("2026-01-03T10:00:00Z"),
        purpose: "redeem",
        redeemId: newId(),
        ip: "192.0.2.99",
        isTor: true,
      }),
    ]);
    expect((await details(a, userId)).signupScreening).toEqual({
      ip: "203.0.113.7",
      status: "screened",
      country: "NL",
      isVpn: true,
      isProxy: false,
      isTor: false,
      isDatacenter: true,
      isThreat: false,
      createdAt: "2026-01-02T10:00:00.000Z",
    });
    expect((await details(a, ids.clean as string)).signupScreening).toBeNull();
  });

  it("answers 404 for another administrator's risky user", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${ids.main}`,
      headers: b.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
