import { z } from "zod";
import { settingLimits as limits } from "../constants.ts";
import { messages } from "../messages.ts";
import { enableFlagSchema, requiredText, savedIdSchema } from "./tenant-config.ts";

const title = requiredText(messages.titleRequired, limits.settingTitle.min, limits.settingTitle.max);
const description = requiredText(
  messages.descriptionRequired,
  limits.description.min,
  limits.description.max,
);

/** The Giveaway card. */
export const giveawaySectionSchema = z.object({
  giveawayTitle: title,
  giveawayDescription: description,
  giveawayStatus: enableFlagSchema,
});
export type GiveawaySection = z.input<typeof giveawaySectionSchema>;

/** The "We Have Winners" card. */
export const winnerSectionSchema = z.object({
  winnerTitle: title,
  winnerDescription: description,
  winnerStatus: enableFlagSchema,
});
export type WinnerSection = z.input<typeof winnerSectionSchema>;

const sections = [giveawaySectionSchema, winnerSectionSchema] as const;

/**
 * Each card saves on its own, so a body carries one card or both; a card is all or nothing. A body
 * `adminId` is dropped: the server always uses the caller's.
 */
export const giveawayBodySchema = giveawaySectionSchema
  .partial()
  .extend(winnerSectionSchema.partial().shape)
  .superRefine((body, ctx) => {
    const present = (key: string) => body[key as keyof typeof body] !== undefined;
    const sent = sections.filter((section) => Object.keys(section.shape).some(present));
    if (sent.length === 0) ctx.addIssue({ code: "custom", path: [], message: messages.nothingToSave });
    for (const section of sent) {
      for (const key of Object.keys(section.shape)) {
        if (!present(key)) {
          const message = key.endsWith("Title")
            ? messages.titleRequired
            : key.endsWith("Description")
              ? messages.descriptionRequired
              : messages.enableFlag;
          ctx.addIssue({ code: "custom", path: [key], message });
        }
      }
    }
  });
export type GiveawayBody = z.input<typeof giveawayBodySchema>;

/** A card never saved reads as empty text and 0. */
export const giveawaySchema = z.object({
  _id: savedIdSchema,
  adminId: z.string(),
  giveawayTitle: z.string(),
  giveawayDescription: z.string(),
  giveawayStatus: enableFlagSchema,
  winnerTitle: z.string(),
  winnerDescription: z.string(),
  winnerStatus: enableFlagSchema,
  updatedAt: z.string().nullable(),
});
export type Giveaway = z.infer<typeof giveawaySchema>;
export const giveawayCreatedSchema = z.object({ giveaway: giveawaySchema });
