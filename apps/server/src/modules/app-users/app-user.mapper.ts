import type { AppMe } from "@rewards/contract";
import type { AppUserRow } from "./app-users.mapper.ts";

export const toAppMe = (user: AppUserRow, referralCount: number): AppMe => ({
  _id: user.id,
  email: user.username,
  points: user.points,
  referCode: user.referCode,
  referralCount,
  geo: user.geo,
  platform: user.device,
  isVerified: user.isVerified,
  createdAt: user.createdAt.toISOString(),
});
