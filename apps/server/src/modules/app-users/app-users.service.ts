import {
  type AppUser,
  type AppUserDetails,
  type appUserFilterSchema,
  type appUserSortFields,
  type appUserUpdateBodySchema,
  messages,
  userDetailsOfferCount,
  userStatus,
} from "@rewards/contract";
import { and, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  appUserColumns,
  appUserDevices,
  appUsers,
  completedOffers,
  pointsLedger,
} from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { type DeepPageOptions, type PositionIndex, readListPage } from "../../lib/deep-page.ts";
import { AppError } from "../../lib/errors.ts";
import { type ListDefinition, type ListParams, likeEscape, prefixRange } from "../../lib/list-query.ts";
import { adjustPoints } from "../ledger/index.ts";
import { latestScreeningStatement, toIpScreening } from "../risk/index.ts";
import { checkAdjustmentLimit } from "../team/index.ts";
import { toAppUser } from "./app-users.mapper.ts";
import { toCompletedOffer } from "./completed-offer.mapper.ts";
import { findLinkedAccounts } from "./linked-accounts.ts";

type AppUserFilter = z.output<typeof appUserFilterSchema>;
type AppUserSort = (typeof appUserSortFields)[number];

const tenant = (adminId: string) => eq(appUsers.adminId, adminId);

/**
 * The list sorted by e-mail reads byte order: the same on every database whatever its collation, the
 * order of the (…, username collate "C", id) indexes, and the order the position index's text buckets keep.
 */
const usernameInBytes = sql`${appUsers.username} collate "C"`;

export const appUserPositions: PositionIndex<AppUserFilter, AppUserSort> = {
  list: "users",
  sorts: { createdAt: "hour", points: "integer", username: "text" },
  filters: { status: (status) => `status=${status === userStatus.active ? "active" : "banned"}` },
};

export async function listAppUsers(
  db: Db,
  adminId: string,
  params: ListParams<AppUserFilter, AppUserSort>,
  options?: DeepPageOptions,
) {
  const definition: ListDefinition<AppUserFilter, AppUserSort> = {
    filters: {
      username: (text) => ilike(appUsers.username, `%${likeEscape(text)}%`),
      ipSignup: (prefix) => prefixRange(appUsers.ipSignup, prefix.toLowerCase()),
      visitorId: (visitorId) => eq(appUsers.visitorId, visitorId),
      _id: (id) => eq(appUsers.id, id),
      status: (status) => eq(appUsers.isActive, status === userStatus.active),
    },
    sorts: { createdAt: appUsers.createdAt, points: appUsers.points, username: usernameInBytes },
    tiebreaker: appUsers.id,
    searches: ["username", "ipSignup"],
  };
  const { rows, ...total } = await readListPage(
    db,
    appUsers,
    params,
    tenant(adminId),
    definition,
    { adminId, index: appUserPositions },
    (page) =>
      db
        .select({ user: appUserColumns, total: page.total })
        .from(appUsers)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),
    options,
  );
  return { ...total, entities: rows.map(({ user }) => toAppUser(user)) };
}

export async function getAppUser(db: Db, adminId: string, id: string): Promise<AppUser | null> {
  const [row] = await db
    .select(appUserColumns)
    .from(appUsers)
    .where(and(tenant(adminId), eq(appUsers.id, id)));
  return row ? toAppUser(row) : null;
}

const idParam = sql.placeholder("id");
const adminIdParam = sql.placeholder("adminId");

/**
 * The details modal's reads, prepared once per database: each reads a few rows by a key, so one plan
 * serves every user. Built by drizzle and planned by PostgreSQL on every call, they cost the server about
 * as much as the rest of the call.
 */
const detailsStatements = preparedPerDatabase((db) => {
  const ofTenant = (...more: SQL[]) => and(eq(appUsers.adminId, adminIdParam), ...more);
  const referrer = alias(appUsers, "referrer");
  return {
    // The user, with who referred them (joined by primary key), how many they referred and the points
    // their referrals earned them (subqueries on the referrals' and the ledger's indexes): one statement.
    // The subqueries read by the id sent, never by the outer row's columns.
    user: db
      .select({
        user: appUserColumns,
        // Left-joined: drizzle answers null for the object when the join found no referrer.
        referredBy: { _id: referrer.id, username: referrer.username },
        referredCount: sql<number>`(select count(*)::int from ${appUsers}
          where ${appUsers.adminId} = ${adminIdParam} and ${appUsers.referredBy} = ${idParam})`,
        referralSum: sql<string>`(select coalesce(sum(${pointsLedger.amount}), 0) from ${pointsLedger}
          where ${pointsLedger.userId} = ${idParam} and ${inArray(pointsLedger.reason, ["referral", "referral_reversal"])})`,
      })
      .from(appUsers)
      .leftJoin(referrer, and(eq(referrer.adminId, adminIdParam), eq(referrer.id, appUsers.referredBy)))
      .where(ofTenant(eq(appUsers.id, idParam)))
      .prepare("user_details"),
    offers: db
      .select()
      .from(completedOffers)
      .where(and(eq(completedOffers.adminId, adminIdParam), eq(completedOffers.userId, idParam)))
      .orderBy(desc(completedOffers.date), desc(completedOffers.id))
      .limit(userDetailsOfferCount)
      .prepare("user_details_offers"),
    devices: db
      .select()
      .from(appUserDevices)
      .where(eq(appUserDevices.userId, idParam))
      .orderBy(desc(appUserDevices.createdAt))
      .limit(20)
      .prepare("user_details_devices"),
    signupScreening: latestScreeningStatement(db, "user_details_signup_screening", "signup"),
  };
});

/**
 * What the details modal shows: the user with its referral figures in one statement, then its offers,
 * devices, linked accounts and sign-up screening side by side, each one indexed statement.
 */
export async function getAppUserDetails(db: Db, adminId: string, id: string): Promise<AppUserDetails | null> {
  const statements = detailsStatements(db);
  const key = { adminId, id };
  const [found] = await statements.user.execute(key);
  if (!found) return null;
  const { user: row } = found;
  const [offers, devices, linkedAccounts, [signupScreening]] = await Promise.all([
    statements.offers.execute(key),
    statements.devices.execute(key),
    findLinkedAccounts(db, adminId, row),
    statements.signupScreening.execute(key),
  ]);
  return {
    ...toAppUser(row),
    ipOfSignup: row.ipSignup,
    usersReferedCount: found.referredCount,
    sum: Number(found.referralSum),
    completedOffers: offers.map(toCompletedOffer),
    devices: devices.map((device) => ({
      _id: device.id,
      device_name: device.deviceName,
      bssid: device.bssid,
      gaid: device.gaid,
      locale: device.locale,
      resolution: device.resolution,
      country_code: device.countryCode,
      carrier_country: device.carrierCountry,
      osversion: device.osVersion,
      androidId: device.androidId,
      createdAt: device.createdAt.toISOString(),
    })),
    userInfo: row.userInfo ?? null,
    referredBy: found.referredBy,
    linkedAccounts,
    signupScreening: signupScreening ? toIpScreening(signupScreening) : null,
  };
}

/**
 * Saves the edit form in one transaction with the user's row locked. The fields are set as sent; the
 * balance only moves by the signed pointsDelta, as one "admin_adjustment" ledger row naming the admin
 * and the reason, so an edit opened before a redeem or a postback never writes an old balance back.
 */
export async function updateAppUser(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof appUserUpdateBodySchema>,
): Promise<AppUser | null> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(appUserColumns)
      .from(appUsers)
      .where(and(tenant(adminId), eq(appUsers.id, id)))
      .for("update");
    if (!current) return null;
    const [taken] = await tx
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(and(tenant(adminId), eq(appUsers.referCode, input.referCode), ne(appUsers.id, id)));
    if (taken) throw new AppError(409, messages.referCodeTaken, { referCode: messages.referCodeTaken });
    if (input.pointsDelta !== 0) {
      // A support agent's adjustments are limited per 24 hours (the team's rule).
      await checkAdjustmentLimit(tx, actor, input.pointsDelta);
      await adjustPoints(tx, {
        adminId,
        userId: current.id,
        currentPoints: current.points,
        delta: input.pointsDelta,
        reason: input.pointsReason,
        actorAdminId: actor.accountId,
      });
    }
    const [updated] = await tx
      .update(appUsers)
      .set({
        referCode: input.referCode,
        provision: input.provision,
        isVerified: input.isVerfied,
        updatedAt: new Date(),
      })
      .where(and(tenant(adminId), eq(appUsers.id, id)))
      .returning(appUserColumns);
    if (!updated) return null;
    const editable = (row: typeof current) => ({
      referCode: row.referCode,
      provision: row.provision,
      isVerfied: row.isVerified,
      points: row.points,
    });
    await recordAudit(
      tx,
      byActor(actor, {
        action: "user.update",
        recordType: "user",
        recordId: id,
        changes: changesBetween(editable(current), editable(updated)),
      }),
    );
    return toAppUser(updated);
  });
}

/** Bans (2) or activates (3) the selected users of this tenant; answers how many were changed. */
export async function changeAppUsersStatus(db: Db, actor: Actor, ids: string[], status: 2 | 3) {
  const adminId = actor.appId;
  const isActive = status === userStatus.active;
  return db.transaction(async (tx) => {
    // The states before, locked, so each user's audit entry says what it was.
    const before = await tx
      .select({ id: appUsers.id, isActive: appUsers.isActive })
      .from(appUsers)
      .where(and(tenant(adminId), inArray(appUsers.id, ids)))
      .orderBy(appUsers.id)
      .for("update");
    const updated = await tx
      .update(appUsers)
      .set({ isActive, updatedAt: new Date() })
      .where(and(tenant(adminId), inArray(appUsers.id, ids)))
      .returning({ id: appUsers.id });
    await recordAudit(
      tx,
      before.map((row) =>
        byActor(actor, {
          action: "user.status",
          recordType: "user",
          recordId: row.id,
          changes: changesBetween({ isActive: row.isActive }, { isActive }),
        }),
      ),
    );
    return { updated: updated.length };
  });
}
