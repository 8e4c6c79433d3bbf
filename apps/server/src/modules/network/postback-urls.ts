import type { ConfigNetwork, OfferNetwork } from "@rewards/contract";

/**
 * How each network reports a completed offer to us: its own parameter names filled by its own macros,
 * and how a postback proves it comes from the network. The postback endpoint (modules/postbacks) reads
 * its parameter names from this same table, so the hint shown to the operator and the endpoint agree.
 * - "signature": the network signs the request with the saved secret (hash or verifier parameter).
 * - "secret-in-url": the network cannot sign, so the saved secret rides in the URL as `secret`.
 */
export const postbackFormats = {
  adgateow: {
    query:
      "user_id={s1}&points={points}&payout={payout}&tx_id={conversion_id}&state={state}&offer_name={vc_title}&ip={session_ip}",
    verify: "secret-in-url",
  },
  adgemow: {
    query:
      "user_id={player_id}&amount={amount}&payout={payout}&tx_id={transaction_id}&offer_name={offer_name}&ip={ip}&verifier={verifier}",
    verify: "signature",
  },
  cpxresearch: {
    query:
      "user_id={user_id}&trans_id={trans_id}&status={status}&amount_local={amount_local}&amount_usd={amount_usd}&ip={ip_click}&secure_hash={secure_hash}",
    verify: "signature",
  },
  // Lootably's hash signs userID, ip, revenue and currencyReward only; its postbacks document no status.
  lootably: {
    query:
      "user_id={userID}&tx_id={transactionID}&goal_id={goalID}&points={currencyReward}&payout={revenue}&offer_name={offerName}&ip={ip}&hash={hash}",
    verify: "signature",
  },
  // BitLabs appends &hash, a signature of the whole URL, itself. A reconciliation (reversal) has type
  // RECONCILIATION and negative values, and `ref` names the transaction it reverses.
  bitlabs: {
    query:
      "user_id=[%USER:UID%]&tx_id=[%TX%]&ref=[%REF%]&amount=[%VALUE:CURRENCY%]&payout=[%VALUE:USD%]&type=[%TYPE%]&offer_name=[%OFFER:NAME%]&ip=[%USER:IP_ADDRESS%]",
    verify: "signature",
  },
  hangmyads: {
    query: "user_id={aff_sub}&tx_id={transaction_id}&payout={payout}&offer_name={offer_name}&ip={session_ip}",
    verify: "secret-in-url",
  },
  hangmyadsow: {
    query: "user_id={aff_sub}&tx_id={transaction_id}&payout={payout}&offer_name={offer_name}&ip={session_ip}",
    verify: "secret-in-url",
  },
  ogads: {
    query: "user_id={aff_sub}&tx_id={transaction_id}&payout={payout}&offer_name={offer_name}&ip={session_ip}",
    verify: "secret-in-url",
  },
} as const satisfies Record<OfferNetwork, { query: string; verify: "signature" | "secret-in-url" }>;

const isOfferNetwork = (network: string): network is OfferNetwork => network in postbackFormats;

/** Where the network's postbacks go, before its parameters (decision 0011). */
export const postbackBase = (publicUrl: string, postbackKey: string, network: OfferNetwork) =>
  `${publicUrl}/postback/${postbackKey}/${network}`;

/**
 * The full address to paste into the network's dashboard; null for ipdata (it sends no postbacks) and,
 * for networks whose secret rides in the URL, until a secret is saved.
 */
export function postbackUrl(
  publicUrl: string,
  postbackKey: string,
  network: ConfigNetwork,
  postbackSecret: string,
): string | null {
  if (!isOfferNetwork(network)) return null;
  const format = postbackFormats[network];
  const url = `${postbackBase(publicUrl, postbackKey, network)}?${format.query}`;
  if (format.verify !== "secret-in-url") return url;
  return postbackSecret ? `${url}&secret=${encodeURIComponent(postbackSecret)}` : null;
}
