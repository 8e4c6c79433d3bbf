import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { OfferNetwork } from "@rewards/contract";
import { postbackFormats } from "../network/postback-urls.ts";

/**
 * Per network: which of its macros carries what, and how its requests are verified (docs/postbacks.md
 * gives the sources). The parameter NAMES come from postbackFormats, the table the Network screen's hint
 * is built from, so a URL pasted from the hint is exactly what this module reads.
 */

type Role =
  | "userId"
  | "transactionId"
  | "goal"
  | "ref"
  | "payout"
  | "points"
  | "offerName"
  | "ip"
  | "state"
  | "type"
  | "signature";

const macros: Record<OfferNetwork, Partial<Record<Role, string>>> = {
  adgateow: {
    userId: "{s1}",
    points: "{points}",
    payout: "{payout}",
    transactionId: "{conversion_id}",
    state: "{state}",
    offerName: "{vc_title}",
    ip: "{session_ip}",
  },
  adgemow: {
    userId: "{player_id}",
    points: "{amount}",
    payout: "{payout}",
    transactionId: "{transaction_id}",
    offerName: "{offer_name}",
    ip: "{ip}",
    signature: "{verifier}",
  },
  cpxresearch: {
    userId: "{user_id}",
    transactionId: "{trans_id}",
    state: "{status}",
    points: "{amount_local}",
    payout: "{amount_usd}",
    ip: "{ip_click}",
    signature: "{secure_hash}",
  },
  lootably: {
    userId: "{userID}",
    transactionId: "{transactionID}",
    goal: "{goalID}",
    points: "{currencyReward}",
    payout: "{revenue}",
    offerName: "{offerName}",
    ip: "{ip}",
    state: "{status}",
    signature: "{hash}",
  },
  bitlabs: {
    userId: "[%USER:UID%]",
    transactionId: "[%TX%]",
    ref: "[%REF%]",
    points: "[%VALUE:CURRENCY%]",
    payout: "[%VALUE:USD%]",
    type: "[%TYPE%]",
    offerName: "[%OFFER:NAME%]",
    ip: "[%USER:IP_ADDRESS%]",
  },
  hangmyads: {
    userId: "{aff_sub}",
    transactionId: "{transaction_id}",
    payout: "{payout}",
    offerName: "{offer_name}",
    ip: "{session_ip}",
  },
  hangmyadsow: {
    userId: "{aff_sub}",
    transactionId: "{transaction_id}",
    payout: "{payout}",
    offerName: "{offer_name}",
    ip: "{session_ip}",
  },
  ogads: {
    userId: "{aff_sub}",
    transactionId: "{transaction_id}",
    payout: "{payout}",
    offerName: "{offer_name}",
    ip: "{session_ip}",
  },
};

/** Our parameter name for each role, read off the hint's query: `user_id={s1}` → userId is "user_id". */
function parameterNames(network: OfferNetwork): Partial<Record<Role, string>> {
  const byMacro = new Map<string, string>();
  for (const pair of postbackFormats[network].query.split("&")) {
    const at = pair.indexOf("=");
    byMacro.set(pair.slice(at + 1), pair.slice(0, at));
  }
  const names: Partial<Record<Role, string>> = {};
  for (const [role, macro] of Object.entries(macros[network]) as [Role, string][]) {
    const name = byMacro.get(macro);
    if (!name) throw new Error(`postbackFormats.${network} has no parameter for ${macro}`);
    names[role] = name;
  }
  // Networks that append their signature themselves (BitLabs) or carry our secret in the URL.
  if (network === "bitlabs") names.signature = "hash";
  return names;
}

const names = Object.fromEntries(
  (Object.keys(macros) as OfferNetwork[]).map((network) => [network, parameterNames(network)]),
) as Record<OfferNetwork, Partial<Record<Role, string>>>;

/** Parameters whose values are never shown in the log as sent. */
export const secretParameters = new Set(["secret", "hash", "verifier", "secure_hash", "signature"]);

export type ConversionKind = "credit" | "pending" | "reversal";

/** What a postback reports, read and checked for shape (not yet for authenticity). */
export type Conversion = {
  kind: ConversionKind;
  userId: string;
  /** The idempotency key: the network's transaction id, plus the goal when the network has goals. */
  transactionId: string;
  /** For a reversal: the key of the conversion it reverses (BitLabs names it in `ref`). */
  targetTransactionId: string;
  payoutUsd: number;
  offerName: string;
  ip: string | null;
};

export type ParseResult =
  | { ok: true; conversion: Conversion }
  | { ok: false; reason: string; userId?: string; transactionId?: string };

const maxText = 200;
const clean = (value: string | undefined) => (value ?? "").trim();

function parseAmount(raw: string): number | null {
  if (!/^-?\d{1,9}(\.\d+)?$/.test(raw)) return null;
  return Number(raw);
}

function kindOf(network: OfferNetwork, read: (role: Role) => string, payout: number): ConversionKind | null {
  switch (network) {
    case "adgateow": {
      // AdGate's {state}: only with it in the URL does AdGate send pending and reversal postbacks.
      const state = read("state").toLowerCase();
      if (state === "" || state === "approved" || state === "1") return "credit";
      if (state === "pending") return "pending";
      if (state === "rejected" || state === "reversed" || state === "chargeback") return "reversal";
      return null;
    }
    case "cpxresearch": {
      const status = read("state");
      if (status === "1") return "credit";
      if (status === "2") return "reversal";
      return null;
    }
    case "lootably": {
      const status = read("state").toLowerCase();
      if (status === "" || status === "1" || status === "credited") return "credit";
      if (status === "0" || status === "2" || status === "reversed") return "reversal";
      return null;
    }
    case "bitlabs": {
      const type = read("type").toUpperCase();
      const points = parseAmount(read("points")) ?? 0;
      return type === "RECONCILIATION" || payout < 0 || points < 0 ? "reversal" : "credit";
    }
    default:
      return "credit";
  }
}

/** Reads a request's parameters as that network names them; anything missing or out of shape is malformed. */
export function parseConversion(network: OfferNetwork, params: Record<string, string>): ParseResult {
  const read = (role: Role) => {
    const name = names[network][role];
    return name ? clean(params[name]) : "";
  };
  const userId = read("userId");
  const rawTx = read("transactionId");
  const partial = { userId: userId || undefined, transactionId: rawTx || undefined };
  if (!userId) return { ok: false, reason: "No user id", ...partial };
  if (!rawTx) return { ok: false, reason: "No transaction id", ...partial };
  if (userId.length > maxText || rawTx.length > maxText)
    return { ok: false, reason: "Value too long", ...partial };
  const payout = parseAmount(read("payout"));
  if (payout === null) return { ok: false, reason: "Payout is not a number", ...partial };
  const kind = kindOf(network, read, payout);
  if (!kind) return { ok: false, reason: "Unknown status", ...partial };
  const goal = read("goal");
  const transactionId = goal ? `${rawTx}:${goal}` : rawTx;
  const ref = read("ref");
  const ip = read("ip");
  return {
    ok: true,
    conversion: {
      kind,
      userId,
      transactionId,
      targetTransactionId: kind === "reversal" && ref ? ref : transactionId,
      payoutUsd: Math.round(Math.abs(payout) * 10_000) / 10_000,
      offerName: read("offerName").slice(0, maxText) || network,
      ip: ip ? ip.slice(0, 45) : null,
    },
  };
}

export type Secrets = {
  postbackSecret: string;
  postbackSecretAndroid: string;
  appToken: string;
  allowedIps: string[];
};

export type VerifyInput = {
  params: Record<string, string>;
  /** The full URL as the network may have sent it (PUBLIC_URL + path, and Host + path). */
  urls: string[];
  ip: string;
  secrets: Secrets;
};

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
/** Hex digests compare without regard to case. */
const sameHex = (a: string, b: string) => sameText(a.toLowerCase(), b.toLowerCase());
const hmacHex = (algorithm: "sha1" | "sha256", key: string, text: string) =>
  createHmac(algorithm, key).update(text).digest("hex");
const digestHex = (algorithm: "md5" | "sha256", text: string) =>
  createHash(algorithm).update(text).digest("hex");

/** The URL exactly as sent, without one parameter (wherever it is); everything else byte for byte. */
export function withoutParameter(url: string, name: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => pair.split("=")[0] !== name);
  return kept.length ? `${url.slice(0, at)}?${kept.join("&")}` : url.slice(0, at);
}

/** Checks that the request comes from the network, as each documents it. A missing secret never passes. */
export function verifyRequest(
  network: OfferNetwork,
  input: VerifyInput,
): { ok: true } | { ok: false; reason: string } {
  const { params, urls, secrets } = input;
  const fail = (reason: string) => ({ ok: false as const, reason });
  const signatureName = names[network].signature;
  switch (network) {
    case "adgemow": {
      const verifier = params[signatureName ?? "verifier"] ?? "";
      const keys = [secrets.postbackSecret, secrets.postbackSecretAndroid].filter(Boolean);
      if (!verifier || !keys.length) return fail("Missing verifier");
      const signed = urls.some((url) =>
        keys.some((key) => sameHex(hmacHex("sha256", key, withoutParameter(url, "verifier")), verifier)),
      );
      return signed ? { ok: true } : fail("Verifier does not match");
    }
    case "bitlabs": {
      const hash = params.hash ?? "";
      if (!hash || !secrets.postbackSecret) return fail("Missing hash");
      const signed = urls.some((url) =>
        sameHex(hmacHex("sha1", secrets.postbackSecret, withoutParameter(url, "hash")), hash),
      );
      return signed ? { ok: true } : fail("Hash does not match");
    }
    case "cpxresearch": {
      const hash = params[signatureName ?? "secure_hash"] ?? "";
      const tx = params[names.cpxresearch.transactionId ?? "trans_id"] ?? "";
      if (!hash || !secrets.appToken) return fail("Missing secure_hash");
      return sameHex(digestHex("md5", `${tx}-${secrets.appToken}`), hash)
        ? { ok: true }
        : fail("secure_hash does not match");
    }
    case "lootably": {
      const n = names.lootably;
      const hash = params[n.signature ?? "hash"] ?? "";
      if (!hash || !secrets.postbackSecret) return fail("Missing hash");
      const text = [n.userId, n.ip, n.payout, n.points].map((name) => params[name ?? ""] ?? "").join("");
      return sameHex(digestHex("sha256", text + secrets.postbackSecret), hash)
        ? { ok: true }
        : fail("Hash does not match");
    }
    default: {
      // AdGate, HangMyAds, OGAds: no signature; the secret we put in the URL, and AdGate's address list.
      if (network === "adgateow" && secrets.allowedIps.length && !secrets.allowedIps.includes(input.ip)) {
        return fail(`Address ${input.ip} is not allowed`);
      }
      const secret = params.secret ?? "";
      if (!secret || !secrets.postbackSecret) return fail("Missing secret");
      return sameText(secret, secrets.postbackSecret) ? { ok: true } : fail("Secret does not match");
    }
  }
}
