/** SPEC.md section 9 and DECISIONS.md: limits shared by the forms and the server. */
export const limits = {
  fullName: { min: 3, max: 50 },
  email: { min: 3, max: 50 },
  loginPassword: { min: 3, max: 64 },
  newPassword: { min: 8, max: 64 },
} as const;

export const pageSizes = [3, 5, 10] as const;
export const defaultPageSize = 10;
export const maxPageSize = 100;

export const loginSubmitDelayMs = 1000;
export const splashHideMs = 3000;
export const scrollTopThresholdPx = 300;

export const brandName = "Rewards";

export const adminStatuses = ["pending", "active", "disabled"] as const;
export type AdminStatus = (typeof adminStatuses)[number];
