import { z } from "zod";
import { idSchema } from "../common.ts";
import { ledgerReasons, maxPageSize, offerStatuses } from "../constants.ts";
import { messages } from "../messages.ts";
import { emailSchema, loginBodySchema, newPasswordSchema } from "./auth.ts";
import { giveawaySchema } from "./giveaway.ts";

// The mobile app's API under /app/v1 (decision 0017). Every call names its tenant by the public app key in the
// x-app-key header; signed-in calls add an app user's Bearer token (never an administrator's).

export const appKeyHeader = "x-app-key";

const appKeyField = z.string().max(100).optional().describe("The app's public key (x-app-key)");
/**
 * Headers of every /app/v1 call. A missing or unknown key answers 401 before anything else. Loose, so
 * validation leaves the other headers (accept-encoding, authorization…) in place.
 */
export const appHeadersSchema = z.looseObject({ [appKeyHeader]: appKeyField });
/** Headers of the signed-in calls. */
export const appSignedInHeadersSchema = z.looseObject({
  [appKeyHeader]: appKeyField,
  authorization: z.string().max(4096).optional().describe("Bearer <accessToken> from sign-up or sign-in"),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.max(max))
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

/** A user's device record, as the app sends it; every field may be missing. */
export const appDeviceRecordSchema = z.object({
  device_name: optionalText(100),
  bssid: optionalText(64),
  gaid: optionalText(64),
  locale: optionalText(35),
  resolution: optionalText(32),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, messages.countryCodeFormat)
    .transform((code) => code.toUpperCase())
    .nullish()
    .transform((value) => value ?? null),
  carrier_country: optionalText(35),
  osversion: optionalText(32),
  androidId: optionalText(64),
});
export type AppDeviceRecord = z.input<typeof appDeviceRecordSchema>;

/** Browser or device fingerprint data the app collects (`userInfo`): a small JSON object. */
const userInfoSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 8_000, messages.userInfoTooLarge(8_000))
  .nullish()
  .transform((value) => value ?? null);

const referralCodeSchema = z
  .string()
  .trim()
  .max(6, messages.max(6))
  .transform((code) => code.toUpperCase() || null)
  .nullish()
  .transform((value) => value ?? null);

/**
 * The user's language as the phone reports it (BCP 47 "de-DE", or "de_DE"): their e-mails are written in
 * it when we speak it. Left out, the device record's locale is read instead.
 */
const localeSchema = optionalText(35);

export const appSignUpBodySchema = z.object({
  email: emailSchema,
  locale: localeSchema,
  password: newPasswordSchema,
  /** The Share Key of the friend who invited this user. */
  referralCode: referralCodeSchema,
  platform: z.enum(["android", "ios"], { error: messages.oneOf("platform", "android, ios") }).nullish(),
  device: appDeviceRecordSchema.nullish(),
  userInfo: userInfoSchema,
  visitorId: optionalText(200),
});
export type AppSignUpBody = z.input<typeof appSignUpBodySchema>;

export const appSignInBodySchema = z.object({
  email: loginBodySchema.shape.username,
  password: loginBodySchema.shape.password,
  locale: localeSchema,
  /** The device signing in; its record is kept and its ids count against the per-device limit. */
  device: appDeviceRecordSchema.nullish(),
});
export type AppSignInBody = z.input<typeof appSignInBodySchema>;

/** The signed-in user as the app shows them. */
export const appMeSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** The spendable balance (what existing apps show). Below zero while a reversal's debt is unpaid. */
  points: z.number().int(),
  /** Spendable and held points apart, and when the next held credit becomes spendable. */
  balance: z.object({
    available: z.number().int(),
    pending: z.number().int(),
    nextReleaseAt: z.string().nullable(),
  }),
  /** The Share Key friends sign up with. */
  referCode: z.string(),
  /** How many users signed up with this user's Share Key. */
  referralCount: z.number().int(),
  /** Country (ISO alpha-2) the reward catalog is chosen by: the sign-up IP's, else the device's. */
  geo: z.string().nullable(),
  platform: z.enum(["android", "ios"]).nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type AppMe = z.infer<typeof appMeSchema>;

export const appSessionAnswerSchema = z.object({ accessToken: z.string(), user: appMeSchema });
export type AppSessionAnswer = z.infer<typeof appSessionAnswerSchema>;

/** ?page=1&pageSize=20 of the "my …" lists, newest first. */
export const appPageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1, messages.between("page", 1, 1_000_000))
    .max(1_000_000, messages.between("page", 1, 1_000_000))
    .default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, messages.between("pageSize", 1, maxPageSize))
    .max(maxPageSize, messages.between("pageSize", 1, maxPageSize))
    .default(20),
});
export type AppPageQuery = z.input<typeof appPageQuerySchema>;

const appPage = <E extends z.ZodType>(entity: E) =>
  z.object({ totalCount: z.number().int(), page: z.number().int(), entities: z.array(entity) });

export const appLedgerEntrySchema = z.object({
  _id: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: z.number().int(),
  reason: z.enum(ledgerReasons),
  /** The offer, redeem or referred user the move comes from. */
  referenceId: z.string().nullable(),
  /** Which balance it moved: a held credit is `pending` until released (then `available`). */
  state: z.enum(["pending", "available"]),
  /** A held credit's release date; null otherwise. */
  releaseAt: z.string().nullable(),
  createdAt: z.string(),
});
export const appLedgerAnswerSchema = appPage(appLedgerEntrySchema);
export type AppLedgerAnswer = z.infer<typeof appLedgerAnswerSchema>;

export const appOfferSchema = z.object({
  _id: z.string(),
  offerName: z.string(),
  network: z.string(),
  points: z.number().int(),
  status: z.enum(offerStatuses),
  date: z.string(),
});
export const appOffersAnswerSchema = appPage(appOfferSchema);
export type AppOffersAnswer = z.infer<typeof appOffersAnswerSchema>;

/** 0 Pending, 1 Sent, 2 Rejected (decision 0004). A redeem whose payout is under way shows as Pending. */
export const appRedeemSchema = z.object({
  _id: z.string(),
  rewardName: z.string(),
  rewardAmount: z.string(),
  rewardCost: z.number().int(),
  redeemEmail: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  redeemDate: z.string(),
});
export type AppRedeem = z.infer<typeof appRedeemSchema>;
export const appRedeemsAnswerSchema = appPage(appRedeemSchema);
export type AppRedeemsAnswer = z.infer<typeof appRedeemsAnswerSchema>;

export const appRewardItemSchema = z.object({
  _id: z.string(),
  /** The label, e.g. "$5". */
  cost: z.string(),
  points: z.number().int(),
});
export const appRewardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  /** The catalog country's code: the user's country, or WW (Worldwide). */
  countryCode: z.string(),
  items: z.array(appRewardItemSchema),
});
/** The rewards of the user's country and the Worldwide ones, by priority, each with its items. */
export const appCatalogAnswerSchema = z.object({
  country: z.string().nullable(),
  rewards: z.array(appRewardSchema),
});
export type AppCatalogAnswer = z.infer<typeof appCatalogAnswerSchema>;

export const appRedeemBodySchema = z.object({
  rewardItemId: idSchema,
  /** Where the gift card goes; the account's e-mail when absent. */
  redeemEmail: emailSchema.nullish(),
  /** Anything the operator needs to send the reward (a gamer tag, a phone number). */
  extraInfo: optionalText(200),
});
export type AppRedeemBody = z.input<typeof appRedeemBodySchema>;
export const appRedeemAnswerSchema = z.object({ redeem: appRedeemSchema, points: z.number().int() });
export type AppRedeemAnswer = z.infer<typeof appRedeemAnswerSchema>;

/** What the app needs to draw itself and explain its point rules: never a secret. */
export const appInfoSchema = z.object({
  appName: z.string(),
  moto: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  domain: z.string(),
  sharingDomain: z.string(),
  points: z.object({
    refPercent: z.number().int(),
    ratio: z.number().int(),
    fbLike: z.number().int(),
    fbShare: z.number().int(),
    twShare: z.number().int(),
  }),
  social: z.object({
    facebook: z.object({ appId: z.string(), appPage: z.string(), shareText: z.string() }).nullable(),
    google: z.object({ clientId: z.string() }).nullable(),
    twitter: z.object({ appPage: z.string(), shareText: z.string() }).nullable(),
  }),
  nativeAds: z
    .object({
      network: z.string(),
      owClick: z.number().int(),
      navClick: z.number().int(),
      owEnable: z.number().int(),
      openEnable: z.number().int(),
      navClickEnable: z.number().int(),
      bannerEnable: z.number().int(),
    })
    .nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const appGiveawaySchema = giveawaySchema.pick({
  giveawayTitle: true,
  giveawayDescription: true,
  giveawayStatus: true,
  winnerTitle: true,
  winnerDescription: true,
  winnerStatus: true,
});
export type AppGiveaway = z.infer<typeof appGiveawaySchema>;

export const appOfferwallSchema = z.object({
  network: z.string(),
  /** Open in a browser or web view: the user's id sits where the network expects it. */
  url: z.string(),
});
export const appOfferwallsAnswerSchema = z.object({ offerwalls: z.array(appOfferwallSchema) });
export type AppOfferwallsAnswer = z.infer<typeof appOfferwallsAnswerSchema>;

export const appSignOutAnswerSchema = z.object({ message: z.string() });

/** GET /api/app-key (dashboard): the key the operator builds into their app. Public, not a secret. */
export const appKeyAnswerSchema = z.object({ appKey: z.string(), header: z.literal(appKeyHeader) });
export type AppKeyAnswer = z.infer<typeof appKeyAnswerSchema>;
