import { z } from "zod";

/** What one screening of an address found. `unscreened`: nothing is known, which never blocks anyone. */
export type IpScreeningResult = {
  status: "screened" | "unscreened";
  country: string | null;
  isVpn: boolean;
  isProxy: boolean;
  isTor: boolean;
  isDatacenter: boolean;
  isThreat: boolean;
};

export type IpDataOptions = {
  /** IPDATA_BASE_URL, without a trailing slash. */
  baseUrl: string;
  /** The tenant's ipdata API key (its `ipdata` network config); null when it has none. */
  apiKey: string | null;
  /** A sign-up waits for the answer, so a slow service must not hold it long. */
  timeoutMs?: number;
};

export const ipDataTimeoutMs = 2000;

const unscreened = (country: string | null = null): IpScreeningResult => ({
  status: "unscreened",
  country,
  isVpn: false,
  isProxy: false,
  isTor: false,
  isDatacenter: false,
  isThreat: false,
});

const flag = z.boolean().nullish();
/**
 * The part of ipdata.co's lookup answer we read (https://docs.ipdata.co): `country_code`, and the
 * `threat` object's flags. Anything else in the answer is ignored.
 */
const ipDataAnswerSchema = z.object({
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .nullish(),
  threat: z
    .object({
      is_vpn: flag,
      is_proxy: flag,
      is_tor: flag,
      is_datacenter: flag,
      is_threat: flag,
      is_known_attacker: flag,
      is_known_abuser: flag,
    })
    .nullish(),
});

/**
 * Screens one address with ipdata.co: GET {baseUrl}/{ip}?api-key=KEY. No key, a timeout, a refusal
 * (4xx, e.g. a private address), a failure (5xx) or an answer we cannot read all give `unscreened`:
 * the service being down is never the user's fault.
 */
export async function screenIp(ip: string, options: IpDataOptions): Promise<IpScreeningResult> {
  if (!options.apiKey) return unscreened();
  const url = `${options.baseUrl}/${encodeURIComponent(ip)}?api-key=${encodeURIComponent(options.apiKey)}`;
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? ipDataTimeoutMs),
    });
    if (!response.ok) return unscreened();
    body = await response.json();
  } catch {
    return unscreened();
  }
  const parsed = ipDataAnswerSchema.safeParse(body);
  if (!parsed.success) return unscreened();
  const country = parsed.data.country_code?.toUpperCase() ?? null;
  const threat = parsed.data.threat;
  // Without the threat object (plans that leave it out) the country is known but not the risk.
  if (!threat) return unscreened(country);
  return {
    status: "screened",
    country,
    isVpn: threat.is_vpn === true,
    isProxy: threat.is_proxy === true,
    isTor: threat.is_tor === true,
    isDatacenter: threat.is_datacenter === true,
    isThreat:
      threat.is_threat === true || threat.is_known_attacker === true || threat.is_known_abuser === true,
  };
}
