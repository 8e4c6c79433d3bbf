import { z } from "zod";
import { idSchema, idsSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { messages } from "../messages.ts";

/** A country in which rewards are offered. `code` is alpha-2 upper case, or WW. */
export const countrySchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  code: z.string(),
  priority: z.number().int(),
  /** How many rewards the country offers. */
  rewardCount: z.number().int(),
  createdAt: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryPriorityLimits = { min: 0, max: 1_000_000 } as const;

/**
 * The country form: the priority, and the country chosen from the built-in list, sent as its code. The
 * server checks the code against the list and takes the full name from it; a fullName sent is ignored.
 */
export const countryBodySchema = z.object({
  priority: z
    .number({ error: messages.priorityRequired })
    .int(messages.wholeNumber)
    .min(countryPriorityLimits.min, messages.minimum(countryPriorityLimits.min))
    .max(countryPriorityLimits.max, messages.maximum(countryPriorityLimits.max)),
  code: z
    .string({ error: messages.countryRequired })
    .trim()
    .min(1, messages.countryRequired)
    .max(2, messages.countryUnknown)
    .transform((code) => code.toUpperCase()),
});
export type CountryBody = z.input<typeof countryBodySchema>;
export const countryCreatedSchema = z.object({ country: countrySchema });

export const countrySortFields = ["priority", "fullName", "code"] as const;
export type CountrySortField = (typeof countrySortFields)[number];
/** The list's filters: Country Name (substring), Country Code (exact), or ID. */
export const countryFilterSchema = z.object({
  fullName: textFilter(),
  code: z
    .string()
    .trim()
    .max(10)
    .transform((code) => code.toUpperCase() || undefined)
    .optional(),
  _id: idSchema.optional(),
});
export type CountryFilter = z.input<typeof countryFilterSchema>;
export const countryListBodySchema = listQuerySchema(countryFilterSchema, countrySortFields, {
  sortField: "priority",
  sortOrder: "desc",
});
export type CountryListBody = z.input<typeof countryListBodySchema>;
export const countryListAnswerSchema = listAnswerSchema(countrySchema);
export type CountryListAnswer = z.infer<typeof countryListAnswerSchema>;

/** Bulk delete: POST /api/reward/countries/deleteCountries, also used for rewards and reward items. */
export const deleteIdsBodySchema = z.object({ ids: idsSchema });
export type DeleteIdsBody = z.infer<typeof deleteIdsBodySchema>;
export const deletedAnswerSchema = z.object({ deleted: z.number().int() });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;
