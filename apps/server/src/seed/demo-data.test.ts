import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ledgerMismatches } from "../../test/support/tenants.ts";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { appUsers, completedOffers, redeems } from "../db/schema/index.ts";
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
