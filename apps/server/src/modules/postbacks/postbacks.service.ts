import {
  generalConfigDefaults,
  maxPointsBalance,
  maxPointsMove,
  type OfferNetwork,
  type PostbackOutcome,
  secretMask,
} from "@rewards/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
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
import { maskSecret } from "../../lib/secrets.ts";
import { creditOffer, reverseOffer } from "../ledger/index.ts";
import {
  type Conversion,
  collectParameters,
  parseConversion,
  secretParameters,
  verifyRequest,
} from "./networks.ts";

export type PostbackRequest = {
  postbackKey: string;
  network: OfferNetwork;
  method: string;
  /** The full URL as the network may have sent it, for URL signatures. */
  fullUrls: string[];
  ip: string;
  query: Record<string, string>;
  body: Record<string, string> | null;
  /** Names given more than once with different values (in the query or in the body). */
  repeated?: string[];
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
  // Taken, so the network stops retrying, but never credited (not even after an unban).
  user_banned: { httpStatus: 200, text: "1" },
  app_disabled: { httpStatus: 200, text: "1" },
};

/** Outcomes that close a transaction for good: a later postback for it credits nothing. */
const refusedForGood: PostbackOutcome[] = ["user_banned", "app_disabled"];

/** A request's parameters as the log shows them: every signature and secret masked (once). */
export const maskedParameters = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      secretParameters.has(name.toLowerCase()) && !value.startsWith(secretMask) ? maskSecret(value) : value,
    ]),
  );

/** The request path as logged: the postback key in it is masked like any secret. */
export const maskedPostbackPath = (postbackKey: string, network: string) =>
  `/postback/${postbackKey.startsWith(secretMask) ? postbackKey : maskSecret(postbackKey)}/${network}`;

/** Points for a payout: round(payout × network provision × general ratio), computed in 1/1e6 steps. */
export const pointsFor = (payoutUsd: number, provision: number, ratio: number) =>
  Math.round(Number((payoutUsd * provision * ratio).toFixed(6)));

type Tenant = {
  adminId: string;
  /** The operator's account is active: a pending or disabled account's app earns nothing. */
  active: boolean;
  config: {
    postbackSecret: string;
    postbackSecretAndroid: string;
    appToken: string;
    appId: string;
    allowedIps: string[];
    provision: number;
    enabled: boolean;
  } | null;
  refPercent: number;
  ratio: number;
  user: { id: string; referredBy: string | null; active: boolean; points: number } | null;
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
      adminStatus: admins.status,
      configId: networkConfigs.id,
      postbackSecret: networkConfigs.postbackSecret,
      postbackSecretAndroid: networkConfigs.postbackSecretAndroid,
      appToken: networkConfigs.appToken,
      appId: networkConfigs.appId,
      allowedIps: networkConfigs.allowedIps,
      provision: networkConfigs.provision,
      iosEnable: networkConfigs.iosEnable,
      androidEnable: networkConfigs.androidEnable,
      refPercent: generalConfigs.refPercent,
      ratio: generalConfigs.ratio,
      userId: appUsers.id,
      referredBy: appUsers.referredBy,
      userActive: appUsers.isActive,
      userPoints: appUsers.points,
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
    active: row.adminStatus === "active",
    config: row.configId
      ? {
          postbackSecret: row.postbackSecret ?? "",
          postbackSecretAndroid: row.postbackSecretAndroid ?? "",
          appToken: row.appToken ?? "",
          appId: row.appId ?? "",
          allowedIps: row.allowedIps ?? [],
          provision: row.provision ?? 0,
          enabled: row.iosEnable === 1 || row.androidEnable === 1,
        }
      : null,
    refPercent: row.refPercent ?? generalConfigDefaults.refPercent,
    ratio: row.ratio ?? generalConfigDefaults.ratio,
    user: row.userId
      ? {
          id: row.userId,
          referredBy: row.referredBy ?? null,
          active: row.userActive !== false,
          points: Number(row.userPoints ?? 0),
        }
      : null,
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
    path: maskedPostbackPath(request.postbackKey, request.network),
    ip: request.ip || null,
    query: maskedParameters(request.query),
    body: request.body ? maskedParameters(request.body) : null,
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

const creditFor = (rules: Rules, userId: string, offerId: string) => ({
  adminId: rules.adminId,
  userId,
  offerId,
  points: rules.points,
  referrerId: rules.referrerId,
  referralPoints: rules.referralPoints,
});

/**
 * Lootably signs neither the transaction id nor the goal, so one signature must not credit two of them:
 * under a lock on the user (whom the signature names), an earlier offer of the same user with the same
 * signature digest refuses this one, unless the request came from an address the operator listed. The
 * same transaction id with other values is a duplicate. Null: go on.
 */
async function reusedSignature(
  tx: Tx,
  rules: Rules,
  conversion: Conversion & { trustedSender?: boolean },
): Promise<Pick<LogFields, "outcome" | "reason"> | null> {
  const digest = conversion.singleUseSignature;
  if (!digest) return null;
  await tx
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, rules.adminId), eq(appUsers.id, conversion.userId)))
    .for("update");
  const sameTx = `${conversion.transactionId}#`;
  const sameSignature = `#${digest}`;
  const earlier = await tx
    .select({ key: completedOffers.transactionId })
    .from(completedOffers)
    .where(
      and(
        eq(completedOffers.adminId, rules.adminId),
        eq(completedOffers.network, rules.network),
        eq(completedOffers.userId, conversion.userId),
        sql`(left(${completedOffers.transactionId}, ${sameTx.length}) = ${sameTx}
          or right(${completedOffers.transactionId}, ${sameSignature.length}) = ${sameSignature})`,
      ),
    )
    .limit(2);
  if (earlier.some((row) => row.key === conversion.offerKey)) return null;
  const other = earlier[0];
  if (!other) return null;
  if (other.key.startsWith(sameTx)) {
    return { outcome: "duplicate", reason: "Already credited (sent before with other values)" };
  }
  if (conversion.trustedSender) return null;
  const earlierTx = other.key.slice(0, -sameSignature.length);
  return {
    outcome: "bad_signature",
    reason:
      `This signature already credited transaction ${earlierTx}: Lootably does not sign the transaction id. ` +
      "List Lootably's server addresses in the network's settings to take repeats",
  };
}

/**
 * Applies a verified conversion in the caller's transaction. Idempotent by the unique index on
 * (admin, network, transaction id): INSERT … ON CONFLICT DO NOTHING decides which of several identical
 * requests credits; the others find the row (locked) and answer duplicate.
 */
async function applyConversion(
  tx: Tx,
  rules: Rules,
  conversion: Conversion & { trustedSender?: boolean },
): Promise<LogFields> {
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
    const reused = await reusedSignature(tx, rules, conversion);
    if (reused) return { ...base, ...reused, points: 0 };
    const status = conversion.kind === "pending" ? "pending" : "credited";
    const [inserted] = await tx
      .insert(completedOffers)
      .values(newOffer(status, conversion.offerKey, rules.points))
      .onConflictDoNothing()
      .returning({ id: completedOffers.id });
    if (inserted) {
      if (status === "pending") return { ...base, outcome: "pending", points: 0 };
      await creditOffer(tx, creditFor(rules, conversion.userId, inserted.id));
      return { ...base, outcome: "credited", points: rules.points };
    }
    const existing = await lockExisting(conversion.offerKey);
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
      await creditOffer(tx, creditFor(rules, conversion.userId, existing.id));
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
  await reverseOffer(tx, {
    adminId: rules.adminId,
    userId: existing.userId,
    offerId: existing.id,
    points: existing.points,
    referrerId: existing.referrerId,
    referralPoints: existing.referralPoints,
  });
  return { ...base, transactionId: target, outcome: "reversed", points: -existing.points };
}

const isBadInput = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  // Data exceptions (a value out of range, text too long) and integrity violations: the request's doing.
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
};

/** Whether the id is an app user's (any tenant's): CPX offerwall links sign user ids with the postback key. */
async function isAppUserId(db: Db, value: string) {
  if (!uuidPattern.test(value)) return false;
  const [row] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(eq(appUsers.id, value.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** A transaction refused for good earlier (banned user, disabled app): never credited, not even now. */
async function refusedEarlier(tx: Tx, adminId: string, network: OfferNetwork, transactionId: string) {
  const [row] = await tx
    .select({ outcome: postbackLog.outcome })
    .from(postbackLog)
    .where(
      and(
        eq(postbackLog.adminId, adminId),
        eq(postbackLog.transactionId, transactionId.slice(0, 300)),
        eq(postbackLog.network, network),
        inArray(postbackLog.outcome, refusedForGood),
      ),
    )
    .limit(1);
  return row?.outcome ?? null;
}

/**
 * One postback request from start to answer. Never throws for bad input; every request on a known key is
 * logged, refused ones too.
 */
export async function handlePostback(db: Db, request: PostbackRequest): Promise<PostbackAnswer> {
  const collected = collectParameters(request.network, request.query, request.body, request.repeated ?? []);
  const params = collected.params;
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
  const log = async (fields: LogFields) => {
    const row = logRow(request, tenant.adminId, fields);
    try {
      await db.insert(postbackLog).values(row);
    } catch (error) {
      if (!isBadInput(error)) throw error;
      // The request itself could not be stored as sent: keep the row, without it.
      const reason = `${fields.reason} (request not stored: ${(error as Error).message})`.slice(0, 500);
      await db.insert(postbackLog).values({ ...row, query: {}, body: null, reason });
    }
    return toAnswer(fields);
  };
  const ids = parsed.ok
    ? { userId: parsed.conversion.userId, transactionId: parsed.conversion.transactionId }
    : { userId: parsed.userId ?? null, transactionId: parsed.transactionId ?? null };
  try {
    return await decide(db, request, tenant, collected, parsed, ids, log);
  } catch (error) {
    if (!isBadInput(error)) throw error;
    // Whatever the database refused is logged like any other malformed request, never answered 5xx.
    const reason = `Refused by the database: ${(error as Error).message}`.slice(0, 300);
    return log({ ...ids, outcome: "malformed", reason, points: 0 });
  }
}

async function decide(
  db: Db,
  request: PostbackRequest,
  tenant: Tenant,
  collected: ReturnType<typeof collectParameters>,
  parsed: ReturnType<typeof parseConversion>,
  ids: { userId: string | null; transactionId: string | null },
  log: (fields: LogFields) => Promise<PostbackAnswer>,
): Promise<PostbackAnswer> {
  const refuse = (outcome: PostbackOutcome, reason: string) => log({ ...ids, outcome, reason, points: 0 });
  if (!tenant.config?.enabled) {
    return refuse("disabled", tenant.config ? "Network is disabled" : "Network is not configured");
  }
  if (collected.refusal) return refuse(collected.refusal.outcome, collected.refusal.reason);
  if (!parsed.ok) return refuse("malformed", parsed.reason);
  const verified = verifyRequest(request.network, {
    params: collected.params,
    urls: request.fullUrls,
    ip: request.ip,
    secrets: tenant.config,
  });
  if (!verified.ok) return refuse("bad_signature", verified.reason);
  const conversion = { ...parsed.conversion, trustedSender: verified.fromListedAddress };
  if (request.network === "cpxresearch" && (await isAppUserId(db, conversion.transactionId))) {
    return refuse(
      "bad_signature",
      "trans_id is an app user's id: offerwall links sign user ids with the same key, so this proves nothing",
    );
  }
  if (!tenant.user) return refuse("unknown_user", "No such user");

  const points = pointsFor(conversion.payoutUsd, tenant.config.provision, tenant.ratio);
  if (conversion.kind !== "reversal") {
    // Answered as taken so the network stops retrying; the log row keeps the transaction from ever crediting.
    if (!tenant.active) return refuse("app_disabled", "The app's account is not active: nothing is credited");
    if (!tenant.user.active) return refuse("user_banned", "The user is banned: nothing is credited");
    if (points > maxPointsMove) {
      return refuse(
        "malformed",
        `${points} points is more than one conversion may credit (${maxPointsMove.toLocaleString("en-US")})`,
      );
    }
    if (tenant.user.points + points > maxPointsBalance) {
      return refuse(
        "malformed",
        `This credit would take the balance above ${maxPointsBalance.toLocaleString("en-US")} points`,
      );
    }
  }
  const referrerId = tenant.user.referredBy;
  const rules: Rules = {
    adminId: tenant.adminId,
    network: request.network,
    points,
    referrerId,
    referralPoints: referrerId ? Math.round((points * tenant.refPercent) / 100) : 0,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const fields = await db.transaction(async (tx) => {
        const earlier =
          conversion.kind === "reversal"
            ? null
            : await refusedEarlier(tx, tenant.adminId, request.network, conversion.transactionId);
        const result: LogFields = earlier
          ? {
              userId: conversion.userId,
              transactionId: conversion.transactionId,
              outcome: "duplicate",
              reason: `Refused for good earlier (${earlier}): never credited`,
              points: 0,
            }
          : await applyConversion(tx, rules, conversion);
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
