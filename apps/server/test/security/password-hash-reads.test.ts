import { type AppUser, appUserSortFields } from "@rewards/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedOffers } from "../../src/db/schema/index.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { appCall, appKeyOf, signUpOk } from "../support/app-api.ts";
import { insertRedeem } from "../support/redeems.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * An app user's password hash is read by the app's sign-in and nowhere else: not by the Users list, a
 * details modal, an offer's or a redeem's details, nor the session every signed-in app call loads. An
 * administrator's hash and TOTP seeds likewise stay out of the signed-in check every dashboard call makes,
 * the Administrators list and the profile. To prove it, the columns are renamed for the length of these
 * tests, so any query that still names one fails (and its call answers 500).
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let key: string;
let appToken: string;
let userId: string;
let offerId: string;
let redeemId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 6, offers: 30, seed: 5 });
  key = await appKeyOf(t.db, a.id);
  const session = await signUpOk(t.app, key, "hash-reader@user.test");
  appToken = session.accessToken;
  userId = session.user._id;
  const [offer] = await t.db.select({ id: completedOffers.id }).from(completedOffers).limit(1);
  if (!offer) throw new Error("the demo data has no offer");
  offerId = offer.id;
  redeemId = await insertRedeem(t.db, { adminId: a.id, userId, status: 2 });
  await t.db.execute(sql`alter table app_users rename column password_hash to password_hash_hidden`);
  for (const column of ["password_hash", "mfa_secret", "mfa_pending_secret"])
    await t.db.execute(sql.raw(`alter table admins rename column ${column} to ${column}_hidden`));
});
// Each test app has a database of its own, dropped with it: nothing to rename back.
afterAll(() => t.close());

const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });

describe("reads that never load an app user's password hash", () => {
  it("the Users list, in every sort", async () => {
    for (const sortField of appUserSortFields) {
      const response = await admin("POST", "/api/users", { queryParams: { sortField, pageSize: 5 } });
      expect(response.statusCode, `${sortField}: ${response.body}`).toBe(200);
    }
  });

  it("a user, their details modal and the edit form's save", async () => {
    const one = await admin("GET", `/api/users/${userId}`);
    expect(one.statusCode, one.body).toBe(200);
    const details = await admin("GET", `/api/users/details/${userId}`);
    expect(details.statusCode, details.body).toBe(200);
    const user = one.json<AppUser>();
    const saved = await admin("PUT", `/api/users/${userId}`, {
      referCode: user.referCode,
      provision: user.provision,
      isVerfied: !user.isVerfied,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("an offer's and a redeem's details", async () => {
    const offer = await admin("GET", `/api/offer/${offerId}`);
    expect(offer.statusCode, offer.body).toBe(200);
    const redeem = await admin("GET", `/api/redeem/${redeemId}`);
    expect(redeem.statusCode, redeem.body).toBe(200);
  });

  it("the signed-in app calls", async () => {
    for (const url of ["/me", "/me/offers", "/me/redeems"]) {
      const response = await appCall(t.app, { url, key, token: appToken });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });
});

describe("reads that never load an administrator's password hash or TOTP seeds", () => {
  it("the profile, its language change and the Administrators list", async () => {
    const profile = await admin("GET", "/api/profile/me");
    expect(profile.statusCode, profile.body).toBe(200);
    const saved = await admin("PUT", "/api/profile/me", { language: "de" });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await admin("GET", "/api/admins");
    expect(list.statusCode, list.body).toBe(200);
  });

  it("an account's state change, on the owner's word", async () => {
    const response = await admin("PUT", `/api/admins/${b.id}/state`, { status: "active" });
    expect(response.statusCode, response.body).toBe(200);
  });
});
