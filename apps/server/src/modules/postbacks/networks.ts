import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { effectiveAllowedIps, type OfferNetwork } from "@rewards/contract";
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
  // BitLabs appends its signature itself. Lootably's hint has no status (its hash does not sign one),
  // but a status sent anyway is read, so that a reversal is refused rather than taken as a credit.
  if (network === "bitlabs") names.signature = "hash";
  if (network === "lootably") names.state = "status";
  return names;
}

const names = Object.fromEntries(
  (Object.keys(macros) as OfferNetwork[]).map((network) => [network, parameterNames(network)]),
) as Record<OfferNetwork, Partial<Record<Role, string>>>;

/**
 * Networks that sign the whole URL (AdGem, BitLabs): every value is read from the signed query and a body
 * may not add or change one.
 */
const signedUrlNetworks: ReadonlySet<OfferNetwork> = new Set(["adgemow", "bitlabs"]);

/** Parameters whose values are never shown in the log as sent: every network's signature and secret. */
export const secretParameters = new Set([
  "secret",
  "hash",
  "verifier",
  "secure_hash",
  "signature",
  "sig",
  "key",
  "token",
  "api_key",
  "password",
]);
for (const network of Object.keys(names) as OfferNetwork[]) {
  const name = names[network].signature;
  if (name) secretParameters.add(name.toLowerCase());
}

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

/** The names this module reads for a network: its roles and its signature. */
const readNames = (network: OfferNetwork) => new Set(Object.values(names[network]));

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

export type Secrets = {
  postbackSecret: string;
  postbackSecretAndroid: string;
  appToken: string;
  /** The App ID, which every offerwall link shows to the app user. */
  appId: string;
  allowedIps: string[];
};

export type VerifyInput = {
  params: Record<string, string>;
  /** The full URL as the network may have sent it (PUBLIC_URL + path, and Host + path). */
  urls: string[];
  ip: string;
  secrets: Secrets;
};

export type Verified =
  | { ok: true /** The sender's address is on a list the operator entered. */; fromListedAddress: boolean }
  | { ok: false; reason: string };

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

/** Whether an address is one of the list's; IPv4-mapped IPv6 and other spellings of one address match. */
export function isListedAddress(ip: string, list: readonly string[]): boolean {
  const type = isIPv4(ip) ? "ipv4" : isIPv6(ip) ? "ipv6" : null;
  if (!type) return false;
  const block = new BlockList();
  for (const address of list) {
    if (isIPv4(address)) block.addAddress(address, "ipv4");
    else if (isIPv6(address)) block.addAddress(address, "ipv6");
  }
  return block.check(ip, type);
}

/** The signature or secret check each network documents. A missing secret never passes. */
function checkSignature(
  network: OfferNetwork,
  input: VerifyInput,
): { ok: true } | { ok: false; reason: string } {
  const { params, urls, secrets } = input;
  const fail = (reason: string) => ({ ok: false as const, reason });
  const n = names[network];
  switch (network) {
    case "adgemow": {
      const verifier = params[n.signature ?? "verifier"] ?? "";
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
      // CPX signs the transaction id only: the address check below vouches for the rest.
      const hash = params[n.signature ?? "secure_hash"] ?? "";
      const tx = params[n.transactionId ?? "trans_id"] ?? "";
      if (!hash || !secrets.appToken) return fail("Missing secure_hash");
      return sameHex(digestHex("md5", `${tx}-${secrets.appToken}`), hash)
        ? { ok: true }
        : fail("secure_hash does not match");
    }
    case "lootably": {
      // Lootably's documented hash: sha256(userID + ip + revenue + currencyReward + postback secret).
      const hash = params[n.signature ?? "hash"] ?? "";
      if (!hash || !secrets.postbackSecret) return fail("Missing hash");
      const text = [n.userId, n.ip, n.payout, n.points].map((name) => params[name ?? ""] ?? "").join("");
      return sameHex(digestHex("sha256", text + secrets.postbackSecret), hash)
        ? { ok: true }
        : fail("Hash does not match");
    }
    default: {
      // AdGate, HangMyAds, OGAds: no signature; the secret we put in the URL.
      const secret = params.secret ?? "";
      if (!secret || !secrets.postbackSecret) return fail("Missing secret");
      return sameText(secret, secrets.postbackSecret) ? { ok: true } : fail("Secret does not match");
    }
  }
}

/** The keys a network's postbacks are signed with (CPX Research: its Security Hash). */
const signingKeys = (network: OfferNetwork, secrets: Secrets) =>
  network === "cpxresearch"
    ? [secrets.appToken]
    : network === "adgemow"
      ? [secrets.postbackSecret, secrets.postbackSecretAndroid]
      : [secrets.postbackSecret];

/**
 * Checks that the request comes from the network: its signature or secret, then the sender's address
 * against the network's allowed list (for CPX Research, its published addresses when none is saved).
 */
export function verifyRequest(network: OfferNetwork, input: VerifyInput): Verified {
  const { secrets } = input;
  const appId = secrets.appId.trim();
  if (appId && signingKeys(network, secrets).some((key) => key.trim() === appId)) {
    return {
      ok: false,
      reason:
        "The secret key is the ID that offerwall links show to app users: save the network's own secret",
    };
  }
  const signed = checkSignature(network, input);
  if (!signed.ok) return signed;
  const list = effectiveAllowedIps(network, secrets.allowedIps);
  if (list.length && !isListedAddress(input.ip, list)) {
    return { ok: false, reason: `Address ${input.ip || "(none)"} is not on the network's allowed list` };
  }
  return { ok: true, fromListedAddress: secrets.allowedIps.length > 0 };
}
