import { z } from "zod";
import { languages, limits } from "../constants.ts";
import { messages } from "../messages.ts";
import { memberRoles } from "./team.ts";

const required = { error: messages.required };

// A field failing several checks reports each; the server's 400 and the form show the first one.

const text = (min: number, max: number) =>
  z.string(required).trim().min(1, messages.required).min(min, messages.min(min)).max(max, messages.max(max));

export const emailSchema = z
  .string(required)
  .trim()
  .min(1, messages.required)
  .min(limits.email.min, messages.min(limits.email.min))
  .max(limits.email.max, messages.max(limits.email.max))
  .pipe(z.email(messages.wrongEmail))
  .transform((email) => email.toLowerCase());

/** A password someone is choosing now (registration, reset): decision 0002. */
export const newPasswordSchema = z
  .string(required)
  .min(1, messages.required)
  .min(limits.newPassword.min, messages.min(limits.newPassword.min))
  .max(limits.newPassword.max, messages.max(limits.newPassword.max));

const confirmPasswordSchema = z.string(required).min(1, messages.required);

/**
 * Confirmation must equal the password. It runs whenever both are strings, even while other fields are
 * invalid, so the mismatch shows as soon as the confirmation is typed.
 */
const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatch = {
  path: ["confirmPassword"],
  error: messages.passwordMismatch,
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof value?.password === "string" && typeof value.confirmPassword === "string";
  },
};

export const loginBodySchema = z.object({
  username: emailSchema,
  password: z
    .string(required)
    .min(1, messages.required)
    .min(limits.loginPassword.min, messages.min(limits.loginPassword.min))
    .max(limits.loginPassword.max, messages.max(limits.loginPassword.max)),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    fullName: text(limits.fullName.min, limits.fullName.max),
    username: emailSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(passwordsMatch, mismatch);
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The registration form adds the terms checkbox, which never reaches the server. */
export const registerFormSchema = z
  .object({
    fullName: text(limits.fullName.min, limits.fullName.max),
    username: emailSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
    acceptTerms: z.literal(true, { error: messages.acceptTerms }),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterForm = z.input<typeof registerFormSchema>;

export const recoverBodySchema = z.object({ email: emailSchema });
export type RecoverBody = z.input<typeof recoverBodySchema>;

export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const resetBodySchema = z
  .object({ password: newPasswordSchema, confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, mismatch);
export type ResetBody = z.input<typeof resetBodySchema>;

export const accessTokenAnswerSchema = z.object({ accessToken: z.string() });
export type AccessTokenAnswer = z.infer<typeof accessTokenAnswerSchema>;

/** GET reset token: {} when usable, { message } otherwise. */
export const resetCheckAnswerSchema = z.object({ message: z.string().optional() });

export const profileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  /** The app this session acts in (its owner's account id). */
  appId: z.string(),
  /** The member's role in that app (docs/features/team.md). */
  role: z.enum(memberRoles),
  /** The installation's owner: approves accounts and sets the sign-in rules. */
  installationOwner: z.boolean(),
  /** Two-factor sign-in is on for this account. */
  mfaEnabled: z.boolean(),
  /** The installation, or this app's team, requires two-factor sign-in. */
  mfaRequired: z.boolean(),
  /**
   * Points this member may still adjust in the next 24 hours (a support agent's limit, set by the owner);
   * null when the role has no limit.
   */
  adjustmentAllowance: z.number().nullable(),
  /**
   * The dashboard's language: the member's choice, else the request's Accept-Language (the dashboard
   * sends the one it shows), else English. Operator e-mails use it too.
   */
  language: z.enum(languages),
  /** The app's time zone (its General settings): the dashboard shows dates and days in it. */
  timeZone: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What a member may change in their own profile. */
export const profileUpdateSchema = z.object({
  language: z.enum(languages, { error: messages.languageUnknown }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
