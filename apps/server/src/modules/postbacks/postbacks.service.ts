import { maxPointsBalance, maxPointsMove, type PostbackOutcome } from "@rewards/contract";
import type { Db } from "../../db/client.ts";
import { isBadInput, isRetryable } from "../../db/errors.ts";
import { postbackLog } from "../../db/schema/index.ts";
import {
  alreadyStored,
  applyConversion,
  approvesPending,
  creditAtOnce,
  type Rules,
} from "./apply-conversion.ts";
import { collectParameters, parseConversion } from "./conversions.ts";
import { type LogFields, logRow, type PostbackAnswer, type PostbackRequest, toAnswer } from "./log-entry.ts";
import { loadTenant, type Tenant } from "./postback-tenant.ts";
import { verifyRequest } from "./signatures.ts";

export type { PostbackAnswer, PostbackRequest } from "./log-entry.ts";

/** Points for a payout: round(payout × network provision × general ratio), computed in 1/1e6 steps. */
export const pointsFor = (payoutUsd: number, provision: number, ratio: number) =>
  Math.round(Number((payoutUsd * provision * ratio).toFixed(6)));

/**
 * One postback request from start to answer. Never throws for bad input; every request on a known key is
 * logged, refused ones too.
 */
export async function handlePostback(db: Db, request: PostbackRequest): Promise<PostbackAnswer> {
  const collected = collectParameters(request.network, request.query, request.body, request.repeated ?? []);
  const params = collected.params;
  const parsed = parseConversion(request.network, params);
  const ids = parsed.ok
    ? { userId: parsed.conversion.userId, transactionId: parsed.conversion.transactionId }
    : { userId: parsed.userId ?? null, transactionId: parsed.transactionId ?? null };
  const offerKey = parsed.ok && parsed.conversion.kind !== "reversal" ? parsed.conversion.offerKey : null;
  const tenant = await loadTenant(db, request.postbackKey, request.network, ids, offerKey);
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
  // CPX offerwall links sign user ids with the postback key, so such a signature proves nothing.
  if (request.network === "cpxresearch" && tenant.transactionIsUserId) {
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
    holdSettings: tenant.holdSettings,
  };
  const user = tenant.user;
  const earlier = conversion.kind === "reversal" ? null : tenant.refusedEarlier;
  const stored = tenant.storedOffer;
  if (
    !earlier &&
    stored &&
    conversion.kind !== "reversal" &&
    !conversion.singleUseSignature &&
    !approvesPending(stored, conversion)
  ) {
    // A retry of a transaction stored before, which nothing can credit again (only a pending one can
    // still be approved, in the transaction below): answered duplicate with its log row, one statement.
    return log({ ...ids, outcome: "duplicate", reason: alreadyStored(stored), points: 0 });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // A new credit is one statement; anything else (a duplicate among them) takes the transaction.
      const atOnce = earlier
        ? null
        : await creditAtOnce(db, rules, conversion, user.history, (fields) =>
            logRow(request, tenant.adminId, fields),
          );
      if (atOnce) return toAnswer(atOnce);
      const fields = await db.transaction(async (tx) => {
        const result: LogFields = earlier
          ? {
              userId: conversion.userId,
              transactionId: conversion.transactionId,
              outcome: "duplicate",
              reason: `Refused for good earlier (${earlier}): never credited`,
              points: 0,
            }
          : await applyConversion(tx, rules, conversion, user.history);
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
