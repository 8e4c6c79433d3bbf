import { z } from "zod";
import { limits } from "../constants.ts";
import { messages } from "../messages.ts";

const required = { error: messages.required };

/** A check that ends the field's validation when it fails, so each field shows exactly one message. */
const stop = (error: string) => ({ error, abort: true });

const text = (min: number, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, stop(messages.required))
    .min(min, stop(messages.min(min)))
    .max(max, stop(messages.max(max)));

export const emailSchema = z
  .string(required)
  .trim()
  .min(1, stop(messages.required))
  .min(limits.email.min, stop(messages.min(limits.email.min)))
  .max(limits.email.max, stop(messages.max(limits.email.max)))
  .pipe(z.email(messages.wrongEmail))
  .transform((email) => email.toLowerCase());

/** A password someone is choosing now (registration, reset): DECISIONS "Accounts". */
export const newPasswordSchema = z
  .string(required)
  .min(1, stop(messages.required))
  .min(limits.newPassword.min, stop(messages.min(limits.newPassword.min)))
  .max(limits.newPassword.max, stop(messages.max(limits.newPassword.max)));

const confirmPasswordSchema = z.string(required).min(1, stop(messages.required));

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.passwordMismatch });
  }
}

export const loginBodySchema = z.object({
  username: emailSchema,
  password: z
    .string(required)
    .min(1, stop(messages.required))
    .min(limits.loginPassword.min, stop(messages.min(limits.loginPassword.min)))
    .max(limits.loginPassword.max, stop(messages.max(limits.loginPassword.max))),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    fullName: text(limits.fullName.min, limits.fullName.max),
    username: emailSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .superRefine(passwordsMatch);
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
  .superRefine(passwordsMatch);
export type RegisterForm = z.input<typeof registerFormSchema>;

export const recoverBodySchema = z.object({ email: emailSchema });
export type RecoverBody = z.input<typeof recoverBodySchema>;

export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const resetBodySchema = z
  .object({ password: newPasswordSchema, confirmPassword: confirmPasswordSchema })
  .superRefine(passwordsMatch);
export type ResetBody = z.input<typeof resetBodySchema>;

export const accessTokenAnswerSchema = z.object({ accessToken: z.string() });
export type AccessTokenAnswer = z.infer<typeof accessTokenAnswerSchema>;

/** GET reset token: {} when usable, { message } otherwise. */
export const resetCheckAnswerSchema = z.object({ message: z.string().optional() });

export const profileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(["owner", "admin"]),
});
export type Profile = z.infer<typeof profileSchema>;
