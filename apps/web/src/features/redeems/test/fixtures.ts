import type { Customer, Redeem, RedeemDetails } from "@rewards/contract";

export const redeemId = (n: number) => `0190f4b2-7c1e-7a3d-9f10-2b6c8e4d6a${String(n).padStart(2, "0")}`;
export const userId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a01";

export function redeem(n: number, overrides: Partial<Redeem> = {}): Redeem {
  return {
    _id: redeemId(n),
    redeemUser: userId,
    userEmail: "user1@example.com",
    redeemEmail: `receiver${n}@example.com`,
    rewardName: "Amazon",
    rewardAmount: "$10",
    rewardCost: 1000 * n,
    rewardExtraInfo: "US store only",
    redeemDate: "2026-01-05T10:00:00.000Z",
    status: 0,
    code: null,
    subject: null,
    paidAt: null,
    riskReasons: [],
    ...overrides,
  };
}

const user: Customer = {
  _id: userId,
  username: "user1@example.com",
  referCode: "KEY1",
  device: "android",
  geo: "US",
  ipSignup: "10.0.0.1",
  points: 4200,
  createdAt: "2026-01-02T10:00:00.000Z",
  isActive: true,
  isVerfied: true,
  provision: 25,
  status: 3,
  googleId: null,
  facebookId: null,
  visitorId: null,
  riskReasons: [],
};

export function redeemDetails(n: number, overrides: Partial<RedeemDetails> = {}): RedeemDetails {
  return {
    ...redeem(n),
    text: null,
    user,
    delivery: null,
    ip: null,
    ipCountry: null,
    screening: null,
    ...overrides,
  };
}
