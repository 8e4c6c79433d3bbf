import { z } from "zod";
import { idSchema, idsSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { languages, maxPointsMove, pointsReasonMax, userStatus } from "../constants.ts";
import { messages } from "../messages.ts";
import { completedOfferSchema } from "./offers.ts";
import { ipScreeningSchema, riskReasonSchema } from "./risk.ts";
import { intMessage } from "./tenant-config.ts";

/** An app user, as the Users list shows it. Wire names as published, misspellings included (decision 0009). */
export const appUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  referCode: z.string(),
  device: z.enum(["android", "ios"]).nullable(),
  geo: z.string().nullable(),
  ipSignup: z.string().nullable(),
  /** Spendable (available) points; below zero when a reversal came after they were spent (a debt). */
  points: z.number().int(),
  /** Points on hold, not yet spendable. */
  pendingPoints: z.number().int(),
  createdAt: z.string(),
  isActive: z.boolean(),
  isVerfied: z.boolean(),
  provision: z.number(),
  /** 3 Active, 2 Banned: isActive on the wire's numbering. */
  status: z.union([z.literal(userStatus.banned), z.literal(userStatus.active)]),
  googleId: z.string().nullable(),
  facebookId: z.string().nullable(),
  visitorId: z.string().nullable(),
  /** Why this user looks risky (IP screening at sign-up, linked accounts); empty for a clean user. */
  riskReasons: z.array(riskReasonSchema),
  /** The language of the user's e-mails, from the locale the app sent; null: the app's default language. */
  language: z.enum(languages).nullable(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const deviceRecordSchema = z.object({
  _id: z.string(),
  device_name: z.string().nullable(),
  bssid: z.string().nullable(),
  gaid: z.string().nullable(),
  locale: z.string().nullable(),
  resolution: z.string().nullable(),
  country_code: z.string().nullable(),
  carrier_country: z.string().nullable(),
  osversion: z.string().nullable(),
  androidId: z.string().nullable(),
  createdAt: z.string(),
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/** At most this many linked accounts are shown: enough to act on, cheap to find. */
export const linkedAccountLimit = 20;

/** Another user of the tenant who shares this user's visitorId, a device id (GAID, Android id) or sign-up IP. */
export const linkedAccountSchema = z.object({
  _id: z.string(),
  username: z.string(),
  via: z.enum(["visitor", "device", "ip"]),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** GET /api/users/details/{id}: the user plus what the details modal shows. */
export const appUserDetailsSchema = appUserSchema.extend({
  ipOfSignup: z.string().nullable(),
  /** Network Size: users who signed up with this user's Share Key. */
  usersReferedCount: z.number().int(),
  /** Network Revenue: points this user earned from referrals, net of reversals. */
  sum: z.number().int(),
  completedOffers: z.array(completedOfferSchema),
  devices: z.array(deviceRecordSchema),
  userInfo: z.record(z.string(), z.unknown()).nullable(),
  referredBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  /** Up to linkedAccountLimit other users linked to this one, the strongest link first. */
  linkedAccounts: z.array(linkedAccountSchema),
  /** The latest IP screening at sign-up; null when the user signed up before screening existed. */
  signupScreening: ipScreeningSchema.nullable(),
});
export type AppUserDetails = z.infer<typeof appUserDetailsSchema>;

const statusValue = z.union([z.literal(userStatus.banned), z.literal(userStatus.active)], {
  error: messages.statusChoice,
});

export const appUserSortFields = ["createdAt", "points", "username"] as const;
export const appUserFilterSchema = z.object({
  username: textFilter(),
  ipSignup: textFilter(45),
  visitorId: textFilter(),
  _id: idSchema.optional(),
  status: statusValue.optional(),
});
export type AppUserFilter = z.input<typeof appUserFilterSchema>;
export const appUserListBodySchema = listQuerySchema(appUserFilterSchema, appUserSortFields, {
  sortField: "createdAt",
  sortOrder: "desc",
});
export type AppUserListBody = z.input<typeof appUserListBodySchema>;
export const appUserListAnswerSchema = listAnswerSchema(appUserSchema);
export type AppUserListAnswer = z.infer<typeof appUserListAnswerSchema>;

/**
 * A change of a user's points by an administrator: signed (negative removes), bounded, never an
 * absolute balance, so a form opened before a redeem or a postback cannot write the old balance back.
 */
export const pointsDeltaSchema = z
  .number({ error: messages.wholeNumber })
  .int(
    intMessage(
      messages.pointsMoveLimit(maxPointsMove.toLocaleString("en-US")),
      messages.pointsMoveLimit(maxPointsMove.toLocaleString("en-US")),
    ),
  )
  .min(-maxPointsMove, messages.pointsMoveLimit(maxPointsMove.toLocaleString("en-US")))
  .max(maxPointsMove, messages.pointsMoveLimit(maxPointsMove.toLocaleString("en-US")));

/**
 * The user edit form (Shared Key, Email Verification), plus an optional points
 * adjustment with its reason. The balance itself is never sent: a body with `points` is refused.
 */
export const appUserUpdateBodySchema = z
  .object({
    referCode: z
      .string({ error: messages.inviteCodeRequired })
      .trim()
      .min(1, messages.inviteCodeRequired)
      .min(3, messages.min(3))
      .max(6, messages.max(6)),
    provision: z
      .number({ error: messages.provisionRequired })
      .min(0, messages.minimum(0))
      .max(100, messages.maximum(100)),
    isVerfied: z.boolean({ error: messages.required }),
    /** Points to add (negative: to remove); 0 or absent leaves the balance alone. */
    pointsDelta: pointsDeltaSchema.default(0),
    /** Why the points change: required with a non-zero pointsDelta, kept on the ledger row. */
    pointsReason: z
      .string({ error: messages.pointsReasonRequired })
      .trim()
      .max(pointsReasonMax, messages.max(pointsReasonMax))
      .default(""),
    /** The old absolute Credit: refused with a message rather than silently dropped. */
    points: z.never({ error: messages.pointsNotSettable }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.pointsDelta !== 0 && body.pointsReason === "") {
      ctx.addIssue({ code: "custom", path: ["pointsReason"], message: messages.pointsReasonRequired });
    }
  });
export type AppUserUpdateBody = z.input<typeof appUserUpdateBodySchema>;

export const appUsersStateBodySchema = z.object({ ids: idsSchema, status: statusValue });
export type AppUsersStateBody = z.infer<typeof appUsersStateBodySchema>;
export const appUsersStateAnswerSchema = z.object({ updated: z.number().int() });
