import { type AppUser, userStatus } from "@rewards/contract";
import type { AppUserRow } from "../../db/schema/index.ts";

export type { AppUserRow };

import { toRiskReasons } from "../risk/index.ts";

/** A database row → the wire shape the Users screen reads (its names, misspellings included). */
export const toAppUser = (row: AppUserRow): AppUser => ({
  _id: row.id,
  username: row.username,
  referCode: row.referCode,
  device: row.device,
  geo: row.geo,
  ipSignup: row.ipSignup,
  points: row.points,
  pendingPoints: row.pendingPoints,
  createdAt: row.createdAt.toISOString(),
  isActive: row.isActive,
  isVerfied: row.isVerified,
  provision: Number(row.provision),
  status: row.isActive ? userStatus.active : userStatus.banned,
  googleId: row.googleId,
  facebookId: row.facebookId,
  visitorId: row.visitorId,
  riskReasons: toRiskReasons(row.riskReasons),
  language: row.language,
});
