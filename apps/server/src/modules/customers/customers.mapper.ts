import { type Customer, userStatus } from "@rewards/contract";
import type { appUsers } from "../../db/schema/index.ts";

export type AppUserRow = typeof appUsers.$inferSelect;

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
});
