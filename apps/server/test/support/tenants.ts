import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { bearer, login, register, registerOwner } from "./auth-helpers.ts";

export type Tenant = { id: string; token: string; headers: { authorization: string } };

/** Two signed-in administrators (the owner and an approved one), so every test can check isolation. */
export async function twoTenants(app: FastifyInstance): Promise<{ a: Tenant; b: Tenant }> {
  const ownerToken = await registerOwner(app, "owner@tenant-a.test");
  expect((await register(app, "admin@tenant-b.test")).statusCode).toBe(403);
  const admins = await app.inject({ method: "GET", url: "/api/admins", headers: bearer(ownerToken) });
  const entities = admins.json<{ entities: { _id: string; username: string }[] }>().entities;
  const idOf = (username: string) => entities.find((admin) => admin.username === username)?._id ?? "";
  const approve = await app.inject({
    method: "PUT",
    url: `/api/admins/${idOf("admin@tenant-b.test")}/state`,
    headers: bearer(ownerToken),
    payload: { status: "active" },
  });
  expect(approve.statusCode, approve.body).toBe(200);
  const tokenB = (await login(app, "admin@tenant-b.test")).json<{ accessToken: string }>().accessToken;
  return {
    a: { id: idOf("owner@tenant-a.test"), token: ownerToken, headers: bearer(ownerToken) },
    b: { id: idOf("admin@tenant-b.test"), token: tokenB, headers: bearer(tokenB) },
  };
}

/**
 * Users whose cached balances differ from the sums of their ledger rows (`points` = the available rows,
 * `pending_points` = the pending ones): must always be none.
 */
export async function ledgerMismatches(db: Db) {
  // Both drivers answer { rows }; the shared Db type cannot name it.
  const result = (await db.execute(sql`
    select u.id, u.points, u.pending_points,
      coalesce(sum(l.amount) filter (where l.bucket = 'available'), 0) as ledger,
      coalesce(sum(l.amount) filter (where l.bucket = 'pending'), 0) as pending_ledger
    from app_users u left join points_ledger l on l.user_id = u.id
    group by u.id, u.points, u.pending_points
    having u.points <> coalesce(sum(l.amount) filter (where l.bucket = 'available'), 0)
      or u.pending_points <> coalesce(sum(l.amount) filter (where l.bucket = 'pending'), 0)`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows;
}

/**
 * An app's users whose offer totals (what the hold rules read, kept by a trigger) differ from a sum over
 * their offers: dollars of the credited ones, count of the reversed ones. Must always be none.
 */
export async function offerTotalsMismatches(db: Db, adminId: string) {
  const result = (await db.execute(sql`
    select user_id, summed.usd, kept.credited_usd, summed.reversals, kept.reversals as kept_reversals
    from (select user_id, sum(payout) filter (where status = 'credited') as usd,
        count(*) filter (where status = 'reversed') as reversals
      from completed_offers where admin_id = ${adminId} group by user_id) summed
    full join (select * from user_offer_totals where admin_id = ${adminId}) kept using (user_id)
    where coalesce(summed.usd, 0) <> coalesce(kept.credited_usd, 0)
      or coalesce(summed.reversals, 0) <> coalesce(kept.reversals, 0)`)) as unknown as {
    rows: { user_id: string }[];
  };
  return result.rows;
}

let referCodes = 0;

/**
 * A referral code unique in this test process: numbered, not a slice of a user's id (six random hex
 * digits of two ids collided once, in a CI run).
 */
export function nextReferCode() {
  referCodes += 1;
  return `t${referCodes.toString(36).padStart(5, "0")}`;
}
