import { riskReasons } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ledgerMismatches } from "../../test/support/tenants.ts";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { appUserDevices, appUsers, completedOffers, ipScreenings, redeems } from "../db/schema/index.ts";
import { seedDemoData } from "./demo-data.ts";
import { createDemoOwner } from "./demo-owner.ts";

let database: Database;
let counts: Awaited<ReturnType<typeof seedDemoData>>;
let adminId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const owner = await createDemoOwner(database.db);
  adminId = owner?.id ?? "";
  // The defaults, exactly as `npm start` seeds a new embedded database.
  counts = await seedDemoData(database.db, adminId);
});
afterAll(() => database.close());

it("makes users, offers and redeems in every status, as npm start shows them", async () => {
  expect(counts.users).toBe(80);
  expect(counts.offers).toBe(600);
  const rows = await database.db.select().from(redeems).where(eq(redeems.adminId, adminId));
  expect(rows.length).toBeGreaterThanOrEqual(20);
  expect(new Set(rows.map((row) => row.status))).toEqual(new Set([0, 1, 2]));
  expect(rows.filter((row) => row.status === 1).every((row) => row.code && row.paidAt)).toBe(true);
});

it("keeps every balance equal to its ledger, and never negative", async () => {
  expect(await ledgerMismatches(database.db)).toEqual([]);
  const users = await database.db.select().from(appUsers).where(eq(appUsers.adminId, adminId));
  expect(users.every((user) => user.points >= 0)).toBe(true);
  const offers = await database.db.select().from(completedOffers).where(eq(completedOffers.adminId, adminId));
  expect(new Set(offers.map((offer) => offer.status))).toEqual(new Set(["credited", "reversed"]));
});

it("shows fraud signals at first start: linked accounts of each kind, a VPN user, a risky Pending redeem", async () => {
  const users = await database.db.select().from(appUsers).where(eq(appUsers.adminId, adminId));
  const reasons = new Set(users.flatMap((user) => user.riskReasons));
  expect(reasons).toEqual(new Set(["linked_visitor", "linked_device", "linked_ip", "vpn"]));
  expect(counts.riskyUsers).toBe(users.filter((user) => user.riskReasons.length > 0).length);
  const rows = await database.db.select().from(redeems).where(eq(redeems.adminId, adminId));
  expect(rows.some((row) => row.status === 0 && row.riskReasons.includes("linked_visitor"))).toBe(true);
  expect(rows.some((row) => row.status === 0 && row.riskReasons.includes("country_mismatch"))).toBe(true);
  // Most of the demo stays clean, so the badge stands out.
  expect(users.filter((user) => user.riskReasons.length > 0).length).toBeLessThanOrEqual(8);
});

it("flags exactly the users who really share a visitorId, a device id or a sign-up IP", async () => {
  const users = await database.db.select().from(appUsers).where(eq(appUsers.adminId, adminId));
  const devices = await database.db.select().from(appUserDevices).where(eq(appUserDevices.adminId, adminId));
  const sharing = (keysOf: (userId: string) => (string | null)[]) => {
    const owners = new Map<string, Set<string>>();
    for (const user of users)
      for (const key of keysOf(user.id))
        if (key) owners.set(key, (owners.get(key) ?? new Set()).add(user.id));
    return new Set([...owners.values()].filter((ids) => ids.size > 1).flatMap((ids) => [...ids]));
  };
  const userById = new Map(users.map((user) => [user.id, user]));
  const flagged = (reason: string) =>
    new Set(users.filter((user) => user.riskReasons.includes(reason)).map((user) => user.id));
  const deviceKeys = (userId: string) =>
    devices.filter((device) => device.userId === userId).flatMap((device) => [device.gaid, device.androidId]);
  expect(flagged("linked_visitor")).toEqual(sharing((id) => [userById.get(id)?.visitorId ?? null]));
  expect(flagged("linked_device")).toEqual(sharing(deviceKeys));
  expect(flagged("linked_ip")).toEqual(sharing((id) => [userById.get(id)?.ipSignup ?? null]));
  for (const user of users)
    expect(user.riskReasons).toEqual(riskReasons.filter((r) => user.riskReasons.includes(r)));
});

it("gives each redeem its user's reasons of the time, plus its own, matching its screening", async () => {
  const users = await database.db.select().from(appUsers).where(eq(appUsers.adminId, adminId));
  const screenings = await database.db.select().from(ipScreenings).where(eq(ipScreenings.adminId, adminId));
  const rows = await database.db.select().from(redeems).where(eq(redeems.adminId, adminId));
  const userById = new Map(users.map((user) => [user.id, user]));
  for (const redeem of rows) {
    const user = userById.get(redeem.userId);
    const screening = screenings.find((row) => row.redeemId === redeem.id);
    expect(screening).toMatchObject({ purpose: "redeem", ip: redeem.ip, country: redeem.ipCountry });
    expect(redeem.riskReasons.includes("country_mismatch")).toBe(redeem.ipCountry !== user?.geo);
    expect(redeem.riskReasons.includes("vpn")).toBe(
      screening?.isVpn === true || user?.riskReasons.includes("vpn"),
    );
    const ownReasons = ["country_mismatch", "vpn"];
    for (const reason of redeem.riskReasons)
      if (!ownReasons.includes(reason)) expect(user?.riskReasons).toContain(reason);
  }
  for (const user of users) {
    const signup = screenings.filter((row) => row.userId === user.id && row.purpose === "signup");
    expect(signup).toHaveLength(1);
    expect(signup[0]?.isVpn).toBe(user.riskReasons.includes("vpn"));
  }
});
