import { createHash, createHmac } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { effectiveAllowedIps, type OfferNetwork } from "@rewards/contract";
import { sameSecret } from "../../lib/secrets.ts";
import { names } from "./network-parameters.ts";

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

/** Hex digests compare without regard to case. */
const sameHex = (a: string, b: string) => sameSecret(a.toLowerCase(), b.toLowerCase());
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
      return sameSecret(secret, secrets.postbackSecret) ? { ok: true } : fail("Secret does not match");
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
