import { z } from "zod";

/**
 * Why a user or a redeem looks risky (issue 9 "Fraud signals"). Stored on the user (screening at
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
};
