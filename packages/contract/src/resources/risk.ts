import { z } from "zod";

/**
 * Why a user or a redeem looks risky (decision 0018). Stored on the user (screening at
 * sign-up, linked accounts) and on each redeem (the user's reasons then, plus the redeem's own).
 */
export const riskReasons = [
  "vpn",
  "proxy",
  "tor",
  "datacenter",
  "threat",
  "unscreened",
  "linked_visitor",
  "linked_device",
  "linked_ip",
  "country_mismatch",
  /** Too many of the user's offers were reversed lately: new credits are held (payout rules). */
  "reversals",
] as const;
export type RiskReason = (typeof riskReasons)[number];
export const riskReasonSchema = z.enum(riskReasons);

/** What operators read next to the badge. */
export const riskReasonLabels: Record<RiskReason, string> = {
  vpn: "VPN address",
  proxy: "Proxy address",
  tor: "Tor exit node",
  datacenter: "Data-center address",
  threat: "Known threat address",
  unscreened: "IP not screened (service unavailable)",
  linked_visitor: "Shares a browser fingerprint (visitorId) with another account",
  linked_device: "Shares a device id (GAID or Android id) with another account",
  linked_ip: "Shares a sign-up IP with another account",
  country_mismatch: "Redeem IP country differs from the sign-up country",
  reversals: "Many offers reversed lately: new earnings are held",
};

/** What the IP-data service said about an address at sign-up or at a redeem (ip_screenings). */
export const ipScreeningSchema = z.object({
  ip: z.string(),
  /** `unscreened`: the service was not configured or failed, so nothing is known about the address. */
  status: z.enum(["screened", "unscreened"]),
  country: z.string().nullable(),
  isVpn: z.boolean(),
  isProxy: z.boolean(),
  isTor: z.boolean(),
  isDatacenter: z.boolean(),
  isThreat: z.boolean(),
  createdAt: z.string(),
});
export type IpScreening = z.infer<typeof ipScreeningSchema>;

/**
 * Device ids that many unrelated devices report, so sharing one links nobody: the all-zero advertising
 * id of a user who opted out of ad tracking, and the Android id of a well-known Android 2.2 bug.
 */
export const nonIdentifyingDeviceIds: readonly string[] = [
  "00000000-0000-0000-0000-000000000000",
  "9774d56d682e549c",
];
