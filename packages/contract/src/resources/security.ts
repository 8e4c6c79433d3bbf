import { z } from "zod";
import { messages } from "../messages.ts";
import { accessTokenAnswerSchema } from "./auth.ts";

/** A TOTP code: six digits from the authenticator app. */
export const totpCodePattern = /^\d{6}$/;
/** A recovery code as the server hands it out: three groups of five lower-case letters and digits. */
export const recoveryCodePattern = /^[0-9a-z]{5}-[0-9a-z]{5}-[0-9a-z]{5}$/;

/**
 * What a person types where a code is asked for: a 6-digit code or a recovery code. Spaces are dropped
 * and a recovery code may be typed without dashes or in capitals; the value is normalised either way.
 */
export const mfaCodeSchema = z
  .string({ error: messages.required })
  .max(64, messages.mfaCodeFormat)
  .transform((value) => value.replace(/\s+/g, "").toLowerCase())
  .transform((value) => {
    if (totpCodePattern.test(value)) return value;
    const bare = value.replace(/-/g, "");
    return /^[0-9a-z]{15}$/.test(bare) ? `${bare.slice(0, 5)}-${bare.slice(5, 10)}-${bare.slice(10)}` : value;
  })
  .refine((value) => value.length > 0, messages.required)
  .refine((value) => totpCodePattern.test(value) || recoveryCodePattern.test(value), messages.mfaCodeFormat);

/** POST /api/users/login: an access token, or (2FA on) a short-lived token for the second step. */
export const mfaChallengeAnswerSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallengeAnswer = z.infer<typeof mfaChallengeAnswerSchema>;

export const loginAnswerSchema = z.union([accessTokenAnswerSchema, mfaChallengeAnswerSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/users/login/mfa → { accessToken }. */
export const mfaLoginBodySchema = z.object({
  mfaToken: z.string({ error: messages.mfaTokenInvalid }).min(1, messages.mfaTokenInvalid).max(2000),
  code: mfaCodeSchema,
});
export type MfaLoginBody = z.input<typeof mfaLoginBodySchema>;

/** POST /api/profile/mfa/enable and /disable. */
export const mfaCodeBodySchema = z.object({ code: mfaCodeSchema });
export type MfaCodeBody = z.input<typeof mfaCodeBodySchema>;

/** POST /api/profile/mfa/setup: the new seed (base32) and the otpauth:// address for the QR code. */
export const mfaSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetupAnswer = z.infer<typeof mfaSetupAnswerSchema>;

/** POST /api/profile/mfa/enable: ten single-use recovery codes, shown this once. */
export const mfaEnableAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaEnableAnswer = z.infer<typeof mfaEnableAnswerSchema>;

/** One signed-in session of the calling administrator; `current` is the one making the request. */
export const adminSessionSchema = z.object({
  _id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** GET /api/profile/sessions: active sessions only, newest first. */
export const adminSessionListSchema = z.array(adminSessionSchema);

/** GET/PUT /api/admins/security (owner only). */
export const securitySettingsSchema = z.object({
  requireMfa: z.boolean({ error: messages.trueOrFalse("requireMfa") }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
