import type { OfferNetwork } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { admins } from "../../src/db/schema/index.ts";
import { hmac, md5, sha256 } from "./digests.ts";
import type { Tenant } from "./tenants.ts";

// Postbacks built as each network's documentation shows them: the Network screen's hint with the network's
// macros replaced by values, and signatures computed HERE from the documented formulas (docs/postbacks.md),
// never with the server's code.

/** One conversion as a network reports it; `reversal` asks for the network's reversal postback. */
export type Conversion = {
  user: string;
  tx: string;
  payout: string;
  reversal?: boolean;
  /** AdGate's state; by default "approved", or "rejected" for a reversal. */
  state?: string;
  /** The user's address; by default the test file's `SampleDetails.ip`. */
  ip?: string;
};

/** What a test file's postbacks carry besides the conversion: the user's address and the offer names. */
export type SampleDetails = {
  ip: string;
  offerNames: { adgateow: string; adgemow: string; others: string };
};

/** Each network's macros with a conversion's values, as the network fills them in; signatures from `key`. */
export function macroValues(
  network: OfferNetwork,
  c: Conversion,
  key: string,
  details: SampleDetails,
): Record<string, string> {
  const ip = c.ip ?? details.ip;
  switch (network) {
    case "adgateow":
      return {
        "{s1}": c.user,
        "{points}": "625",
        "{payout}": c.payout,
        "{conversion_id}": c.tx,
        "{state}": c.state ?? (c.reversal ? "rejected" : "approved"),
        "{vc_title}": details.offerNames.adgateow,
        "{session_ip}": ip,
      };
    case "adgemow":
      return {
        "{player_id}": c.user,
        "{amount}": "625",
        "{payout}": c.payout,
        "{transaction_id}": c.tx,
        "{offer_name}": details.offerNames.adgemow,
        "{ip}": ip,
      };
    case "cpxresearch":
      return {
        "{user_id}": c.user,
        "{trans_id}": c.tx,
        "{status}": c.reversal ? "2" : "1",
        "{amount_local}": "625",
        "{amount_usd}": c.payout,
        "{ip_click}": ip,
        // md5(trans_id + "-" + security hash)
        "{secure_hash}": md5(`${c.tx}-${key}`),
      };
    case "lootably":
      return {
        "{userID}": c.user,
        "{transactionID}": c.tx,
        "{goalID}": "",
        "{currencyReward}": "625",
        "{revenue}": c.payout,
        "{offerName}": "Survey",
        "{ip}": ip,
        // sha256(userID + ip + revenue + currencyReward + postback secret)
        "{hash}": sha256(`${c.user}${ip}${c.payout}625${key}`),
      };
    case "bitlabs":
      return {
        "[%USER:UID%]": c.user,
        // A reconciliation without stateful callbacks: "or" transaction id, ref = the original, negative values.
        "[%TX%]": c.reversal ? `or${c.tx}` : c.tx,
        "[%REF%]": c.reversal ? c.tx : "",
        "[%VALUE:CURRENCY%]": c.reversal ? "-625" : "625",
        "[%VALUE:USD%]": c.reversal ? `-${c.payout}` : c.payout,
        "[%TYPE%]": c.reversal ? "RECONCILIATION" : "COMPLETE",
        "[%OFFER:NAME%]": "Survey",
        "[%USER:IP_ADDRESS%]": ip,
      };
    default:
      return {
        "{aff_sub}": c.user,
        "{transaction_id}": c.tx,
        "{payout}": c.payout,
        "{offer_name}": details.offerNames.others,
        "{session_ip}": ip,
      };
  }
}

/** The key in a tenant's postback URLs (`/postback/<key>/<network>`). */
export async function postbackKeyOf(db: Db, tenant: Tenant): Promise<string> {
  const [row] = await db.select({ key: admins.postbackKey }).from(admins).where(eq(admins.id, tenant.id));
  return row?.key ?? "";
}

/** A URL template with each macro replaced by its value, URL-encoded. */
export function fillMacros(template: string, values: Record<string, string>) {
  let url = template;
  for (const [macro, value] of Object.entries(values)) url = url.replaceAll(macro, encodeURIComponent(value));
  return url;
}

/**
 * A signing kit bound to one test file's app and network secrets. `app` is read lazily, as the test app
 * starts in `beforeAll`.
 */
export function postbackSigning(config: {
  app: () => FastifyInstance;
  secret: string;
  androidSecret: string;
  securityHash: string;
  details: SampleDetails;
}) {
  const hints = new Map<string, string>();

  /** Saves a network for the tenant with the kit's secrets, on both platforms unless `extra` says otherwise. */
  async function configure(tenant: Tenant, network: OfferNetwork, extra: Record<string, unknown> = {}) {
    const response = await config.app().inject({
      method: "POST",
      url: "/api/network/",
      headers: tenant.headers,
      payload: {
        network,
        appId: "app-1",
        appToken: network === "cpxresearch" ? config.securityHash : "api-token",
        postbackSecret: config.secret,
        postbackSecretAndroid: config.androidSecret,
        provision: 0.5,
        iosEnable: 1,
        androidEnable: 1,
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The tenant's postback URL for a network, as the Network screen shows it (fetched once). */
  async function hintOf(tenant: Tenant, network: OfferNetwork) {
    const cached = hints.get(`${tenant.id}/${network}`);
    if (cached) return cached;
    const response = await config.app().inject({
      method: "GET",
      url: `/api/network/${network}/${tenant.id}`,
      headers: tenant.headers,
    });
    const url = response.json<{ postbackUrl: string | null }>().postbackUrl;
    if (!url) throw new Error(`no postback URL for ${network}`);
    hints.set(`${tenant.id}/${network}`, url);
    return url;
  }

  /** The key a network signs with: CPX Research's security hash, the postback secret for the others. */
  const keyFor = (network: OfferNetwork) => (network === "cpxresearch" ? config.securityHash : config.secret);

  /**
   * The URL the network calls: `hint` with its macros filled in, signed as documented with `key`.
   * `drop` leaves a parameter out before signing; `secretValue` replaces the secret put in the URL.
   */
  function signedUrl(
    hint: string,
    network: OfferNetwork,
    c: Conversion,
    key: string,
    options: { drop?: string; secretValue?: string } = {},
  ) {
    let url = fillMacros(
      hint.replace("&verifier={verifier}", ""),
      macroValues(network, c, key, config.details),
    );
    if (/\{\w+\}|\[%[\w:]+%\]/.test(url)) throw new Error(`unfilled macro in ${url}`);
    if (options.drop) url = url.replace(new RegExp(`&${options.drop}=[^&]*`), "");
    if (options.secretValue !== undefined) {
      url = url.replace(/([?&]secret=)[^&]*/, `$1${encodeURIComponent(options.secretValue)}`);
    }
    // AdGem: verifier = HMAC-SHA256 of the full URL without it, keyed with the postback key.
    if (network === "adgemow") url += `&verifier=${hmac("sha256", key, url)}`;
    // BitLabs: hash = HMAC-SHA1 of the whole URL, keyed with the app secret, appended as &hash.
    if (network === "bitlabs") url += `&hash=${hmac("sha1", key, url)}`;
    return url;
  }

  return { configure, hintOf, keyFor, signedUrl };
}
