import { z } from "zod";
import { canonicalTimeZone, fileField, isTimeZone } from "../common.ts";
import { limits as baseLimits, generalConfigDefaults, languages, settingLimits } from "../constants.ts";
import { messages } from "../messages.ts";
import { boundedInt, isMaskedSecret, requiredText, savedIdSchema } from "./tenant-config.ts";

const required = messages.required;
const email = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(baseLimits.email.max, messages.max(baseLimits.email.max))
  .pipe(z.email(messages.invalidEmail));

// --- Identity (multipart: the images travel as files beside these fields) ---

/** The Identity form: logo and favicon are required on create and kept when absent on update. */
export const identityFieldsSchema = z.object({
  appName: requiredText(required, 1, 50),
  moto: requiredText(required, 3, 50),
  domain: requiredText(required, 1, settingLimits.settingText),
  sharingDomain: requiredText(required, 1, settingLimits.settingText),
  endpoint: requiredText(required, 1, settingLimits.settingText),
});
export type IdentityFields = z.input<typeof identityFieldsSchema>;
export const identityImageFields = ["logo", "favicon"] as const;

const imageFile = (name: string) =>
  fileField(`The ${name}: PNG, JPEG, WebP, GIF or ICO, at most 2 MB`).optional();
/** The Identity form as the API document shows it: the text fields plus the images, as files. */
export const identityFormSchema = identityFieldsSchema.extend({
  logo: imageFile("logo"),
  favicon: imageFile("favicon"),
});

/** logo and favicon are the images' addresses (GET /uploads/{id}), null until uploaded. */
export const appSettingSchema = identityFieldsSchema.extend({
  _id: savedIdSchema,
  adminId: z.string(),
  appName: z.string(),
  moto: z.string(),
  domain: z.string(),
  sharingDomain: z.string(),
  endpoint: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AppSetting = z.infer<typeof appSettingSchema>;
export const appSettingCreatedSchema = z.object({ setting: appSettingSchema });

// --- Social logins (Facebook, Google, Twitter) ---

export const socialNames = ["facebook", "google", "twitter"] as const;
export type SocialName = (typeof socialNames)[number];
const unusedText = z
  .unknown()
  .optional()
  .transform(() => "");

export const socialFormSchemas = {
  facebook: z.object({
    name: z.literal("facebook"),
    appId: requiredText(required, 1, 50),
    appSecret: requiredText(required, 3, 50),
    appPage: requiredText(required, 1, settingLimits.settingText),
    shareText: requiredText(required, 1, settingLimits.description.max),
  }),
  google: z.object({
    name: z.literal("google"),
    appId: requiredText(required, 1, settingLimits.settingText),
    appSecret: requiredText(required, 3, settingLimits.settingText),
    appPage: unusedText,
    shareText: unusedText,
  }),
  twitter: z.object({
    name: z.literal("twitter"),
    appId: unusedText,
    appSecret: unusedText,
    appPage: requiredText(required, 1, settingLimits.settingText),
    shareText: requiredText(required, 1, settingLimits.description.max),
  }),
} as const;

export const socialBodySchema = z.discriminatedUnion(
  "name",
  [socialFormSchemas.facebook, socialFormSchemas.google, socialFormSchemas.twitter],
  { error: messages.unknownSocial },
);
export type SocialBody = z.input<typeof socialBodySchema>;

export const socialConfigSchema = z.object({
  _id: savedIdSchema,
  adminId: z.string(),
  name: z.enum(socialNames),
  appId: z.string(),
  appSecret: z.string(),
  appPage: z.string(),
  shareText: z.string(),
  updatedAt: z.string().nullable(),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;
export const socialConfigCreatedSchema = z.object({ socialconfig: socialConfigSchema });
export const socialParamsSchema = z.object({ adminId: z.string(), name: z.string().max(40) });

// --- Mailgun ---

export const mailBodySchema = z.object({
  mailgunDomain: requiredText(required, 1, 50),
  apiKey: requiredText(required, 3, 50),
  fromEmail: email,
  supportEmail: email,
});
export type MailBody = z.input<typeof mailBodySchema>;

export const mailConfigSchema = mailBodySchema.extend({
  _id: savedIdSchema,
  adminId: z.string(),
  name: z.literal("mailgun"),
  mailgunDomain: z.string(),
  apiKey: z.string(),
  fromEmail: z.string(),
  supportEmail: z.string(),
  updatedAt: z.string().nullable(),
});
export type MailConfig = z.infer<typeof mailConfigSchema>;
export const mailConfigCreatedSchema = z.object({ mailconfig: mailConfigSchema });

export const mailTestBodySchema = z.object({ to: email });
export type MailTestBody = z.input<typeof mailTestBodySchema>;
export const mailTestAnswerSchema = z.object({ message: z.string() });

// --- The gift-card e-mail: one template per language ---

/** Where a template names the reward; replaced by the reward's name when the e-mail is written. */
export const rewardMailPlaceholder = "{reward}";

/** A template as saved: the subject, and the HTML body the gift card's code and PIN follow. */
export const rewardMailTemplateBodySchema = z.object({
  subject: requiredText(required, 1, 200),
  body: z.string({ error: required }).max(100_000, messages.messageTooLong),
});
export type RewardMailTemplateBody = z.input<typeof rewardMailTemplateBodySchema>;

export const rewardMailTemplateSchema = rewardMailTemplateBodySchema.extend({
  language: z.enum(languages),
  /** Saved by a member; false: the built-in text of that language, used until one is saved. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type RewardMailTemplate = z.infer<typeof rewardMailTemplateSchema>;

/** Every language's template, in the order of `languages`. */
export const rewardMailTemplatesSchema = z.object({ templates: z.array(rewardMailTemplateSchema) });
export type RewardMailTemplates = z.infer<typeof rewardMailTemplatesSchema>;

export const rewardMailParamsSchema = z.object({
  adminId: z.string(),
  language: z.enum(languages, { error: messages.languageUnknown }),
});

// --- General config (its limits and defaults: decision 0015) ---

export const generalConfigBodySchema = z.object({
  refPercent: boundedInt(1, 100),
  ratio: boundedInt(100, 100_000),
  fbLike: boundedInt(1, 100_000),
  fbShare: boundedInt(1, 100_000),
  twShare: boundedInt(1, 100_000),
  /** Refuse sign-ups from VPN, proxy and Tor addresses (403); off, they succeed and are flagged. */
  blockVpnSignups: z.boolean({ error: messages.required }).default(generalConfigDefaults.blockVpnSignups),
  /** The zone whose days analytics counts in; saving another one recounts the app's analytics. */
  timeZone: z
    .string({ error: messages.required })
    .max(64, messages.timeZone)
    .default(generalConfigDefaults.timeZone)
    .refine(isTimeZone, { error: messages.timeZone })
    .transform(canonicalTimeZone),
  /** The language of e-mails to app users whose app sent no locale we speak. */
  language: z.enum(languages, { error: messages.languageUnknown }).default(generalConfigDefaults.language),
});
export type GeneralConfigBody = z.input<typeof generalConfigBodySchema>;

export const generalConfigSchema = generalConfigBodySchema.extend({
  // As saved (canonical already): an answer is encoded, which a one-way transform cannot be.
  timeZone: z.string(),
  _id: savedIdSchema,
  adminId: z.string(),
  name: z.literal("general"),
  updatedAt: z.string().nullable(),
});
export type GeneralConfig = z.infer<typeof generalConfigSchema>;
export const generalConfigCreatedSchema = z.object({ settingconfig: generalConfigSchema });
export { generalConfigDefaults };

// --- Push: a Firebase service-account key (decision 0012) ---

const serviceAccountFields = ["client_email", "private_key", "project_id", "token_uri"] as const;

/** The key file as pasted. A masked value stands for the saved key and is kept. */
export const serviceAccountKeySchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(settingLimits.serviceAccountKey, messages.max(settingLimits.serviceAccountKey))
  .superRefine((text, ctx) => {
    if (isMaskedSecret(text)) return;
    let key: unknown;
    try {
      key = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: messages.serviceAccountNotJson });
      return;
    }
    const record = (typeof key === "object" && key !== null ? key : {}) as Record<string, unknown>;
    const missing = serviceAccountFields.find((field) => typeof record[field] !== "string" || !record[field]);
    if (missing) {
      ctx.addIssue({ code: "custom", message: messages.serviceAccountField(missing) });
      return;
    }
    if (!/^https?:\/\/[^\s/]+/.test(String(record.token_uri))) {
      ctx.addIssue({ code: "custom", message: messages.serviceAccountField("token_uri") });
    }
  });

export const pushBodySchema = z.object({ serviceAccountKey: serviceAccountKeySchema });
export type PushBody = z.input<typeof pushBodySchema>;

/** The key is answered masked; its project and account are not secret and help tell keys apart. */
export const pushConfigSchema = z.object({
  _id: savedIdSchema,
  adminId: z.string(),
  projectId: z.string(),
  clientEmail: z.string(),
  serviceAccountKey: z.string(),
  updatedAt: z.string().nullable(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;
export const pushConfigCreatedSchema = z.object({ pushconfig: pushConfigSchema });
