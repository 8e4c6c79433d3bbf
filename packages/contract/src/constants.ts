/** Limits shared by the forms and the server (decision 0015). */
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

/** The languages of the dashboard and of e-mails (ISO 639-1), English first as the fallback. */
export const languages = ["en", "de", "es", "fr", "ja", "zh"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

export const adminStatuses = ["pending", "active", "disabled"] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** The networks that report completed offers (ipdata and applovin never do). */
export const offerNetworks = [
  "hangmyads",
  "ogads",
  "hangmyadsow",
  "adgateow",
  "adgemow",
  "cpxresearch",
  "lootably",
  "bitlabs",
] as const;
export type OfferNetwork = (typeof offerNetworks)[number];

/** Users' status on the wire (decision 0007): 2 Banned, 3 Active. */
export const userStatus = { banned: 2, active: 3 } as const;

/** Why a user's points moved: every move is a ledger entry (decision 0004). */
export const ledgerReasons = [
  "offer",
  "offer_reversal",
  "referral",
  "referral_reversal",
  "redeem",
  "redeem_refund",
  "admin_adjustment",
  "social_bonus",
  /** A held credit's points move from pending to available (two rows: one per balance). */
  "hold_release",
] as const;

/** The two balances a ledger row moves: `available` (spendable: the user's `points`) and `pending` (held). */
export const ledgerBuckets = ["available", "pending"] as const;
export type LedgerBucket = (typeof ledgerBuckets)[number];
export type LedgerReason = (typeof ledgerReasons)[number];

/** pending: a network reported the conversion but has not approved it yet (AdGate); nothing is credited. */
export const offerStatuses = ["credited", "reversed", "pending"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const userDetailsOfferCount = 10;

/** Settings' limits (decision 0015). */
export const settingLimits = {
  settingTitle: { min: 3, max: 50 },
  description: { min: 3, max: 400 },
  nativeClicks: { min: 0, max: 10 },
  networkText: 200,
  settingText: 200,
  allowedIps: 50,
  serviceAccountKey: 20_000,
} as const;

/** General config shown on first load (decision 0015). */
export const generalConfigDefaults = {
  refPercent: 25,
  ratio: 1000,
  fbLike: 10,
  fbShare: 20,
  twShare: 20,
  /** VPN, proxy and Tor sign-ups are flagged (decision 0018), not refused, until the operator says so. */
  blockVpnSignups: false,
  /** Analytics counts days in this zone until the operator picks theirs. */
  timeZone: "UTC",
  /** The language of e-mails to app users whose app sent no locale (or one we do not speak). */
  language: "en",
} as const;

/** A masked secret starts with this, then shows at most the last 4 characters. */
export const secretMask = "••••";

/** Uploaded images (decision 0006): at most 2 MB. */
export const maxUploadBytes = 2 * 1024 * 1024;

/**
 * The most points one move may carry (an admin adjustment, a postback's credit): far above any real
 * reward, far inside the 64-bit columns, so a bad value is refused with a message, never overflows.
 */
export const maxPointsMove = 1_000_000_000_000;

/** An admin adjustment may not take a balance above this; it keeps every balance exact as a JS number. */
export const maxPointsBalance = 1_000_000_000_000_000;

/** The reason an administrator gives for adjusting a user's points, kept on the ledger row. */
export const pointsReasonMax = 200;
