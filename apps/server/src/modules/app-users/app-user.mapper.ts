import type { AppMe } from "@rewards/contract";
import type { AppUserRow } from "./app-users.mapper.ts";

/** What the app shows of its signed-in user; `points` stays the spendable balance, `balance` splits it out. */
export const toAppMe = (
  user: AppUserRow,
  { referralCount, nextReleaseAt }: { referralCount: number; nextReleaseAt: Date | null },
): AppMe => ({
  _id: user.id,
  email: user.username,
  points: user.points,
  balance: {
    available: user.points,
    pending: user.pendingPoints,
    nextReleaseAt: nextReleaseAt?.toISOString() ?? null,
  },
  referCode: user.referCode,
  referralCount,
  geo: user.geo,
  platform: user.device,
  isVerified: user.isVerified,
  createdAt: user.createdAt.toISOString(),
});
