import type { OfferNetwork } from "@rewards/contract";
import { postbackFormats } from "../network/index.ts";

/**
 * Per network: which of its macros carries what (docs/postbacks.md gives the sources). The parameter NAMES
 * come from postbackFormats, the table the Network screen's hint is built from, so a URL pasted from the
 * hint is exactly what the postbacks read.
 */
export type Role =
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

/** Our parameter name for each role, per network. */
export const names = Object.fromEntries(
  (Object.keys(macros) as OfferNetwork[]).map((network) => [network, parameterNames(network)]),
) as Record<OfferNetwork, Partial<Record<Role, string>>>;

/**
 * Networks that sign the whole URL (AdGem, BitLabs): every value is read from the signed query and a body
 * may not add or change one.
 */
export const signedUrlNetworks: ReadonlySet<OfferNetwork> = new Set(["adgemow", "bitlabs"]);

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

/** The names read for a network: its roles and its signature. */
export const readNames = (network: OfferNetwork) => new Set(Object.values(names[network]));
