import { type Customer, type IpScreening, type RiskReason, riskReasons, userStatus } from "@rewards/contract";
import type { appUsers, ipScreenings } from "../../db/schema/index.ts";

export type AppUserRow = typeof appUsers.$inferSelect;
type IpScreeningRow = typeof ipScreenings.$inferSelect;

const knownReasons = new Set<string>(riskReasons);

/**
 * The stored reasons as the contract names them. The column is plain text[], so a reason written by a
 * newer server (or by hand) that this one does not know is left out rather than failing the whole answer.
 */
export const toRiskReasons = (stored: string[]): RiskReason[] =>
  stored.filter((reason): reason is RiskReason => knownReasons.has(reason));

/** A database row → the wire shape of SPEC 3 (its names, misspellings included). */
export const toCustomer = (row: AppUserRow): Customer => ({
  _id: row.id,
  username: row.username,
  referCode: row.referCode,
  device: row.device,
  geo: row.geo,
  ipSignup: row.ipSignup,
  points: row.points,
  createdAt: row.createdAt.toISOString(),
  isActive: row.isActive,
  isVerfied: row.isVerified,
  provision: Number(row.provision),
  status: row.isActive ? userStatus.active : userStatus.banned,
  googleId: row.googleId,
  facebookId: row.facebookId,
  visitorId: row.visitorId,
  riskReasons: toRiskReasons(row.riskReasons),
});

export const toIpScreening = (row: IpScreeningRow): IpScreening => ({
  ip: row.ip,
  status: row.status,
  country: row.country,
  isVpn: row.isVpn,
  isProxy: row.isProxy,
  isTor: row.isTor,
  isDatacenter: row.isDatacenter,
  isThreat: row.isThreat,
  createdAt: row.createdAt.toISOString(),
});
