import { type OfferNetwork, type PostbackOutcome, secretMask } from "@rewards/contract";
import { and, eq, inArray, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { postbackLog } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { maskSecret } from "../../lib/secrets.ts";
import { secretParameters } from "./network-parameters.ts";

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

export type LogFields = {
  outcome: PostbackOutcome;
  reason: string;
  userId: string | null;
  transactionId: string | null;
  points: number;
};

/** The log row of one request: what it was (secrets masked), what became of it and what it answered. */
export function logRow(request: PostbackRequest, adminId: string, fields: LogFields) {
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

export const toAnswer = (fields: LogFields): PostbackAnswer => ({
  ...answers[fields.outcome],
  outcome: fields.outcome,
  reason: fields.reason,
  points: fields.points,
});

/**
 * The outcome that refused a transaction for good earlier (banned user, disabled app), as a subquery of the
 * tenant's read: such a transaction is never credited, not even now.
 */
export const refusedEarlierOutcome = (
  adminId: AnyPgColumn,
  network: Placeholder,
  transactionId: Placeholder,
) =>
  sql<PostbackOutcome | null>`(select ${postbackLog.outcome} from ${postbackLog} where ${and(
    eq(postbackLog.adminId, adminId),
    eq(postbackLog.transactionId, transactionId),
    eq(postbackLog.network, network),
    inArray(postbackLog.outcome, refusedForGood),
  )} limit 1)`;
