import { createHash } from "node:crypto";
import type { OfferNetwork } from "@rewards/contract";
import { names, type Role, readNames, signedUrlNetworks } from "./network-parameters.ts";

export type ConversionKind = "credit" | "pending" | "reversal";

/** What a postback reports, read and checked for shape (not yet for authenticity). */
export type Conversion = {
  kind: ConversionKind;
  userId: string;
  /** The network's transaction id, plus the goal when the network has goals: as logged. */
  transactionId: string;
  /**
   * The idempotency key of the completed offer. Lootably does not sign its transaction id, so its key
   * also carries a digest of the signature, which may credit only once (see singleUseSignature).
   */
  offerKey: string;
  /** For a reversal: the key of the conversion it reverses (BitLabs names it in `ref`). */
  targetTransactionId: string;
  payoutUsd: number;
  offerName: string;
  ip: string | null;
  /** Lootably: the digest of a signature that leaves the transaction id out. */
  singleUseSignature: string | null;
};

export type ParseResult =
  | { ok: true; conversion: Conversion }
  | { ok: false; reason: string; userId?: string; transactionId?: string };

const maxText = 200;
/** numeric(14, 4) holds at most 10 digits before the point. */
const maxPayoutDigits = 9;

type Amount = { ok: true; value: number } | { ok: false; reason: string };

function parseAmount(label: string, raw: string): Amount {
  const match = /^-?(\d+)(\.\d+)?$/.exec(raw);
  if (!match) return { ok: false, reason: `${label} is not a number` };
  if ((match[1] ?? "").replace(/^0+(?=\d)/, "").length > maxPayoutDigits) {
    return { ok: false, reason: `${label} is out of range (at most 999,999,999 USD)` };
  }
  return { ok: true, value: Number(raw) };
}

function kindOf(
  network: OfferNetwork,
  read: (role: Role) => string,
  payout: number,
): ConversionKind | { reason: string } {
  const unknown = { reason: "Unknown status" };
  switch (network) {
    case "adgateow": {
      // AdGate's {state}: only with it in the URL does AdGate send pending and reversal postbacks.
      const state = read("state").toLowerCase();
      if (state === "" || state === "approved" || state === "1") return "credit";
      if (state === "pending") return "pending";
      if (state === "rejected" || state === "reversed" || state === "chargeback") return "reversal";
      return unknown;
    }
    case "cpxresearch": {
      const status = read("state");
      if (status === "1") return "credit";
      if (status === "2") return "reversal";
      return unknown;
    }
    case "lootably": {
      const status = read("state").toLowerCase();
      if (status === "" || status === "1" || status === "credited") return "credit";
      return { reason: "Lootably does not sign a status, so a reversal is never taken from a postback" };
    }
    case "bitlabs": {
      const type = read("type").toUpperCase();
      const points = parseAmount("Amount", read("points"));
      const negative = points.ok && points.value < 0;
      return type === "RECONCILIATION" || payout < 0 || negative ? "reversal" : "credit";
    }
    default:
      return "credit";
  }
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Reads a request's parameters as that network names them; anything missing or out of shape is malformed.
 * Values are used exactly as sent (never trimmed), so what is credited is what was signed.
 */
export function parseConversion(network: OfferNetwork, params: Record<string, string>): ParseResult {
  const read = (role: Role) => {
    const name = names[network][role];
    return name ? (params[name] ?? "") : "";
  };
  const userId = read("userId");
  const rawTx = read("transactionId");
  const partial = { userId: userId || undefined, transactionId: rawTx || undefined };
  if (!userId) return { ok: false, reason: "No user id", ...partial };
  if (!rawTx) return { ok: false, reason: "No transaction id", ...partial };
  const goal = read("goal");
  const ref = read("ref");
  if ([userId, rawTx, goal, ref].some((value) => value.length > maxText))
    return { ok: false, reason: "Value too long", ...partial };
  const payout = parseAmount("Payout", read("payout"));
  if (!payout.ok) return { ok: false, reason: payout.reason, ...partial };
  const kind = kindOf(network, read, payout.value);
  if (typeof kind !== "string") return { ok: false, reason: kind.reason, ...partial };
  const transactionId = goal ? `${rawTx}:${goal}` : rawTx;
  const ip = read("ip");
  const signature = read("signature").toLowerCase();
  const singleUseSignature = network === "lootably" && signature ? sha256Hex(signature).slice(0, 16) : null;
  return {
    ok: true,
    conversion: {
      kind,
      userId,
      transactionId,
      offerKey: singleUseSignature ? `${transactionId}#${singleUseSignature}` : transactionId,
      targetTransactionId: kind === "reversal" && ref ? ref : transactionId,
      payoutUsd: Math.round(Math.abs(payout.value) * 10_000) / 10_000,
      offerName: read("offerName").trim().slice(0, maxText) || network,
      ip: ip ? ip.slice(0, 45) : null,
      singleUseSignature,
    },
  };
}

export type CollectedParameters = {
  /** The values to read: the query's for networks that sign the URL, else the query and body together. */
  params: Record<string, string>;
  /** Why the request cannot be taken as sent (a value given twice, or one from outside the signed URL). */
  refusal: { outcome: "malformed" | "bad_signature"; reason: string } | null;
};

/**
 * One set of values from the query and the body. A value given twice with different values (repeated in
 * the query, or in the query and the body) is refused: which of them would credit is not for the sender
 * to choose. A network that signs its URL takes nothing from a body.
 */
export function collectParameters(
  network: OfferNetwork,
  query: Record<string, string>,
  body: Record<string, string> | null,
  repeated: readonly string[],
): CollectedParameters {
  const twice = (name: string) => ({
    outcome: "malformed" as const,
    reason: `${name} is given twice with different values`,
  });
  const first = repeated[0];
  if (first !== undefined) return { params: query, refusal: twice(first) };
  const read = readNames(network);
  for (const [name, value] of Object.entries(body ?? {})) {
    const inQuery = Object.hasOwn(query, name);
    if (inQuery && query[name] !== value) return { params: query, refusal: twice(name) };
    if (!inQuery && signedUrlNetworks.has(network) && read.has(name)) {
      return {
        params: query,
        refusal: { outcome: "bad_signature", reason: `${name} is not part of the signed URL` },
      };
    }
  }
  return { params: signedUrlNetworks.has(network) ? query : { ...body, ...query }, refusal: null };
}
