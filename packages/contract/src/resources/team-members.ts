import { z } from "zod";
import { idSchema } from "../common.ts";
import { limits, maxPointsBalance } from "../constants.ts";
import { messages } from "../messages.ts";
import { emailSchema, newPasswordSchema } from "./auth.ts";
import { memberRoles } from "./team.ts";

// The team's calls (endpoints/team.ts): members, invitations and the apps an account belongs to.

const teamRequired = { error: messages.required };
const teamRoleSchema = z.enum(memberRoles, { error: messages.oneOf("role", memberRoles.join(", ")) });

export const teamMemberSchema = z.object({
  /** The member's account id. */
  _id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(memberRoles),
  status: z.string(),
  mfaEnabled: z.boolean(),
  /** When the member last used a session, ISO 8601; null when never. */
  lastSeenAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(memberRoles),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/**
 * The owner's rules for the team: every member must use two-factor sign-in in this app, and the most
 * points one support agent may add or remove in 24 hours (each adjustment counts by its size).
 */
export const teamSettingsSchema = z.object({
  requireMfa: z.boolean(teamRequired),
  supportAdjustmentLimit: z
    .number(teamRequired)
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(maxPointsBalance, messages.maximum(maxPointsBalance)),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export const defaultTeamSettings: TeamSettings = { requireMfa: false, supportAdjustmentLimit: 1000 };

/** The team of the session's app: its members, its pending invitations (unused, unexpired), its rules. */
export const teamAnswerSchema = z.object({
  members: z.array(teamMemberSchema),
  invites: z.array(teamInviteSchema),
  settings: teamSettingsSchema,
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

export const inviteBodySchema = z.object({ email: emailSchema, role: teamRoleSchema });
export type InviteBody = z.input<typeof inviteBodySchema>;

export const inviteCreatedSchema = z.object({ _id: z.string(), expiresAt: z.string() });

export const memberRoleBodySchema = z.object({ role: teamRoleSchema });
export type MemberRoleBody = z.input<typeof memberRoleBodySchema>;

export const inviteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What an invitation link shows before it is accepted. */
export const inviteDetailsSchema = z.object({
  email: z.string(),
  appName: z.string(),
  role: z.enum(memberRoles),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

/**
 * Accepting: a new account sends its full name and password; a signed-in account sends its Bearer token
 * and an empty object.
 */
export const inviteAcceptBodySchema = z.object({
  fullName: z
    .string(teamRequired)
    .trim()
    .min(limits.fullName.min, messages.min(limits.fullName.min))
    .max(limits.fullName.max, messages.max(limits.fullName.max))
    .optional(),
  password: newPasswordSchema.optional(),
});
export type InviteAcceptBody = z.input<typeof inviteAcceptBodySchema>;

/** The invitation page's form for a new account (the confirmation never reaches the server). */
export const inviteAcceptFormSchema = z
  .object({
    fullName: z
      .string(teamRequired)
      .trim()
      .min(1, messages.required)
      .min(limits.fullName.min, messages.min(limits.fullName.min))
      .max(limits.fullName.max, messages.max(limits.fullName.max)),
    password: newPasswordSchema,
    confirmPassword: z.string(teamRequired).min(1, messages.required),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: messages.passwordMismatch,
  });
export type InviteAcceptForm = z.input<typeof inviteAcceptFormSchema>;

export const memberAppSchema = z.object({
  appId: z.string(),
  appName: z.string(),
  role: z.enum(memberRoles),
});
export const memberAppsAnswerSchema = z.object({ apps: z.array(memberAppSchema) });
export type MemberApps = z.infer<typeof memberAppsAnswerSchema>;

export const appIdParamsSchema = z.object({ appId: idSchema });
