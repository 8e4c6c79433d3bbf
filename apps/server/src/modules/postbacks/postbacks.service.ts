import { generalConfigDefaults, type OfferNetwork, type PostbackOutcome } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  admins,
  appUsers,
  completedOffers,
  generalConfigs,
  networkConfigs,
  postbackLog,
} from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { movePoints } from "../../lib/ledger.ts";
import { maskSecret } from "../../lib/secrets.ts";
import { type Conversion, parseConversion, secretParameters, verifyRequest } from "./networks.ts";

export type PostbackRequest = {
  postbackKey: string;
  network: OfferNetwork;
  method: string;
  /** Path and query exactly as received. */
  url: string;
  /** The full URL as the network may have sent it, for URL signatures. */
  fullUrls: string[];
  ip: string;
  query: Record<string, string>;
  body: Record<string, string> | null;
};

export type PostbackAnswer = {
  httpStatus: number;
  text: string;
  outcome: PostbackOutcome | "unknown_key";
  reason: string;
  points: number;
};

const isRetryable = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "40P01" || code === "40001";
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each outcome answers: 200 "1" when the network should stop sending, an error status otherwise. */
const answers: Record<PostbackOutcome, { httpStatus: number; text: string }> = {
  credited: { httpStatus: 200, text: "1" },
  duplicate: { httpStatus: 200, text: "1" },
  reversed: { httpStatus: 200, text: "1" },
  pending: { httpStatus: 200, text: "1" },
  bad_signature: { httpStatus: 403, text: "0" },
  disabled: { httpStatus: 403, text: "0" },
  unknown_user: { httpStatus: 400, text: "0" },
  malformed: { httpStatus: 400, text: "0" },
};

const masked = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      secretParameters.has(name.toLowerCase()) ? maskSecret(value) || "" : value,
    ]),
  );

/** Points for a payout: round(payout × network provision × general ratio), computed in 1/1e6 steps. */
export const pointsFor = (payoutUsd: number, provision: number, ratio: number) =>
  Math.round(Number((payoutUsd * provision * ratio).toFixed(6)));

type Tenant = {
  adminId: string;
  config: {
    postbackSecret: string;
    postbackSecretAndroid: string;
    appToken: string;
    allowedIps: string[];
    provision: number;
    enabled: boolean;
  } | null;
  refPercent: number;
  ratio: number;
  user: { id: string; referredBy: string | null } | null;
};

/** The tenant of a key, its network config, point rules and the user, in one round trip. */
async function loadTenant(
  db: Db,
  key: string,
  network: OfferNetwork,
  userId: string | undefined,
): Promise<Tenant | null> {
  const userMatch = userId && uuidPattern.test(userId) ? userId : null;
  const [row] = await db
    .select({
      adminId: admins.id,
      configId: networkConfigs.id,
      postbackSecret: networkConfigs.postbackSecret,
      postbackSecretAndroid: networkConfigs.postbackSecretAndroid,
      appToken: networkConfigs.appToken,
      allowedIps: networkConfigs.allowedIps,
      provision: networkConfigs.provision,
      iosEnable: networkConfigs.iosEnable,
      androidEnable: networkConfigs.androidEnable,
      refPercent: generalConfigs.refPercent,
      ratio: generalConfigs.ratio,
      userId: appUsers.id,
      referredBy: appUsers.referredBy,
    })
    .from(admins)
    .leftJoin(networkConfigs, and(eq(networkConfigs.adminId, admins.id), eq(networkConfigs.network, network)))
    .leftJoin(generalConfigs, eq(generalConfigs.adminId, admins.id))
    .leftJoin(
      appUsers,
      userMatch ? and(eq(appUsers.adminId, admins.id), eq(appUsers.id, userMatch)) : sql`false`,
    )
    .where(eq(admins.postbackKey, key))
    .limit(1);
  if (!row) return null;
  return {
    adminId: row.adminId,
    config: row.configId
      ? {
          postbackSecret: row.postbackSecret ?? "",
          postbackSecretAndroid: row.postbackSecretAndroid ?? "",
          appToken: row.appToken ?? "",
          allowedIps: row.allowedIps ?? [],
          provision: row.provision ?? 0,
          enabled: row.iosEnable === 1 || row.androidEnable === 1,
        }
      : null,
    refPercent: row.refPercent ?? generalConfigDefaults.refPercent,
    ratio: row.ratio ?? generalConfigDefaults.ratio,
    user: row.userId ? { id: row.userId, referredBy: row.referredBy ?? null } : null,
  };
}

type LogFields = {
  outcome: PostbackOutcome;
  reason: string;
  userId: string | null;
  transactionId: string | null;
  points: number;
};

function logRow(request: PostbackRequest, adminId: string, fields: LogFields) {
  const answer = answers[fields.outcome];
  return {
    id: newId(),
    adminId,
    network: request.network,
    method: request.method,
    path: request.url.split("?")[0] ?? "",
    ip: request.ip || null,
    query: masked(request.query),
    body: request.body ? masked(request.body) : null,
    outcome: fields.outcome,
    reason: fields.reason,
    userId: fields.userId?.slice(0, 200) ?? null,
    transactionId: fields.transactionId?.slice(0, 300) ?? null,
    points: fields.points,
    httpStatus: answer.httpStatus,
    response: answer.text,
  };
}

const toAnswer = (fields: LogFields): PostbackAnswer => ({
  ...answers[fields.outcome],
  outcome: fields.outcome,
  reason: fields.reason,
  points: fields.points,
});

type Rules = {
  adminId: string;
  network: OfferNetwork;
  points: number;
  referrerId: string | null;
  referralPoints: number;
};

const offerKey = (rules: Rules, transactionId: string) =>
  and(
    eq(completedOffers.adminId, rules.adminId),
    eq(completedOffers.network, rules.network),
    eq(completedOffers.transactionId, transactionId),
  );

async function creditOffer(tx: Tx, rules: Rules, userId: string, offerId: string) {
  await movePoints(tx, {
    adminId: rules.adminId,
    userId,
    amount: rules.points,
    reason: "offer",
    referenceId: offerId,
  });
  if (rules.referrerId && rules.referralPoints > 0) {
    await movePoints(tx, {
      adminId: rules.adminId,
      userId: rules.referrerId,
      amount: rules.referralPoints,
      reason: "referral",
      referenceId: offerId,
    });
  }
}

/**
 * Applies a verified conversion in the caller's transaction. Idempotent by the unique index on
 * (admin, network, transaction id): INSERT … ON CONFLICT DO NOTHING decides which of several identical
 * requests credits; the others find the row (locked) and answer duplicate.
 */
async function applyConversion(tx: Tx, rules: Rules, conversion: Conversion): Promise<LogFields> {
  const base = { userId: conversion.userId, transactionId: conversion.transactionId, reason: "" };
  const newOffer = (status: "credited" | "pending" | "reversed", transactionId: string, points: number) => ({
    id: newId(),
    adminId: rules.adminId,
    userId: conversion.userId,
    network: rules.network,
    transactionId,
    offerName: conversion.offerName,
    payout: conversion.payoutUsd,
    points,
    ip: conversion.ip,
    status,
    referrerId: status === "reversed" ? null : rules.referrerId,
    referralPoints: status === "reversed" ? 0 : rules.referralPoints,
  });
  const lockExisting = async (transactionId: string) => {
    const [row] = await tx.select().from(completedOffers).where(offerKey(rules, transactionId)).for("update");
    return row;
  };

  if (conversion.kind !== "reversal") {
    const status = conversion.kind === "pending" ? "pending" : "credited";
    const [inserted] = await tx
      .insert(completedOffers)
      .values(newOffer(status, conversion.transactionId, rules.points))
      .onConflictDoNothing()
      .returning({ id: completedOffers.id });
    if (inserted) {
      if (status === "pending") return { ...base, outcome: "pending", points: 0 };
      await creditOffer(tx, rules, conversion.userId, inserted.id);
      return { ...base, outcome: "credited", points: rules.points };
    }
    const existing = await lockExisting(conversion.transactionId);
    if (
      existing?.status === "pending" &&
      conversion.kind === "credit" &&
      existing.userId === conversion.userId
    ) {
      // Approved after pending: credit now, with today's rules.
      await tx
        .update(completedOffers)
        .set({
          status: "credited",
          points: rules.points,
          payout: conversion.payoutUsd,
          referrerId: rules.referrerId,
          referralPoints: rules.referralPoints,
        })
        .where(eq(completedOffers.id, existing.id));
      await creditOffer(tx, rules, conversion.userId, existing.id);
      return { ...base, outcome: "credited", points: rules.points };
    }
    return { ...base, outcome: "duplicate", points: 0, reason: existing ? `Already ${existing.status}` : "" };
  }

  const target = conversion.targetTransactionId;
  let existing = await lockExisting(target);
  if (!existing) {
    // A reversal before its conversion: record the transaction as reversed, so it never credits later.
    const [inserted] = await tx
      .insert(completedOffers)
      .values(newOffer("reversed", target, 0))
      .onConflictDoNothing()
      .returning({ id: completedOffers.id });
    if (inserted)
      return {
        ...base,
        transactionId: target,
        outcome: "reversed",
        points: 0,
        reason: "Nothing was credited",
      };
    existing = await lockExisting(target);
  }
  if (!existing || existing.status === "reversed" || existing.userId !== conversion.userId) {
    return { ...base, transactionId: target, outcome: "duplicate", points: 0, reason: "Already reversed" };
  }
  await tx.update(completedOffers).set({ status: "reversed" }).where(eq(completedOffers.id, existing.id));
  if (existing.status === "pending") {
    return {
      ...base,
      transactionId: target,
      outcome: "reversed",
      points: 0,
      reason: "Pending conversion rejected",
    };
  }
  await movePoints(tx, {
    adminId: rules.adminId,
    userId: existing.userId,
    amount: -existing.points,
    reason: "offer_reversal",
    referenceId: existing.id,
  });
  if (existing.referrerId && existing.referralPoints > 0) {
    await movePoints(tx, {
      adminId: rules.adminId,
      userId: existing.referrerId,
      amount: -existing.referralPoints,
      reason: "referral_reversal",
      referenceId: existing.id,
    });
  }
  return { ...base, transactionId: target, outcome: "reversed", points: -existing.points };
}

/** One postback request from start to answer. Never throws for bad input; every request on a known key is logged. */
export async function handlePostback(db: Db, request: PostbackRequest): Promise<PostbackAnswer> {
  const params = { ...request.query, ...(request.body ?? {}) };
  const parsed = parseConversion(request.network, params);
  const tenant = await loadTenant(
    db,
    request.postbackKey,
    request.network,
    parsed.ok ? parsed.conversion.userId : parsed.userId,
  );
  if (!tenant) {
    return { httpStatus: 404, text: "0", outcome: "unknown_key", reason: "Unknown postback key", points: 0 };
  }
  const refuse = async (fields: LogFields) => {
    await db.insert(postbackLog).values(logRow(request, tenant.adminId, fields));
    return toAnswer(fields);
  };
  const ids = parsed.ok
    ? { userId: parsed.conversion.userId, transactionId: parsed.conversion.transactionId }
    : { userId: parsed.userId ?? null, transactionId: parsed.transactionId ?? null };

  if (!tenant.config?.enabled) {
    return refuse({
      ...ids,
      outcome: "disabled",
      reason: tenant.config ? "Network is disabled" : "Network is not configured",
      points: 0,
    });
  }
  if (!parsed.ok) return refuse({ ...ids, outcome: "malformed", reason: parsed.reason, points: 0 });
  const verified = verifyRequest(request.network, {
    params,
    urls: request.fullUrls,
    ip: request.ip,
    secrets: tenant.config,
  });
  if (!verified.ok) return refuse({ ...ids, outcome: "bad_signature", reason: verified.reason, points: 0 });
  if (!tenant.user) return refuse({ ...ids, outcome: "unknown_user", reason: "No such user", points: 0 });

  const points = pointsFor(parsed.conversion.payoutUsd, tenant.config.provision, tenant.ratio);
  const referrerId = tenant.user.referredBy;
  const rules: Rules = {
    adminId: tenant.adminId,
    network: request.network,
    points,
    referrerId,
    referralPoints: referrerId ? Math.round((points * tenant.refPercent) / 100) : 0,
  };
  const conversion = parsed.conversion;
  for (let attempt = 1; ; attempt++) {
    try {
      const fields = await db.transaction(async (tx) => {
        const result = await applyConversion(tx, rules, conversion);
        await tx.insert(postbackLog).values(logRow(request, tenant.adminId, result));
        return result;
      });
      return toAnswer(fields);
    } catch (error) {
      // A deadlock between two users who referred each other: the transaction rolled back whole; again.
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}
