/** The catalog's screens (SPEC 2.8 to 2.10). */
export const catalogPaths = {
  countries: "/dash/rewards/countries",
  rewards: (countryId: string) => `/dash/countries/${encodeURIComponent(countryId)}/add`,
  rewardItems: (rewardId: string) => `/dash/countries/rewards/${encodeURIComponent(rewardId)}/add`,
} as const;
