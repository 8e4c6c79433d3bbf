import { type IpScreening, type RiskReason, riskReasons } from "@rewards/contract";
import type { ipScreenings } from "../../db/schema/index.ts";

type IpScreeningRow = typeof ipScreenings.$inferSelect;

const knownReasons = new Set<string>(riskReasons);

/**
 * The stored reasons as the contract names them. The column is plain text[], so a reason written by a
 * newer server (or by hand) that this one does not know is left out rather than failing the whole answer.
 */
export const toRiskReasons = (stored: string[]): RiskReason[] =>
  stored.filter((reason): reason is RiskReason => knownReasons.has(reason));

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
