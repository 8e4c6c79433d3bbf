import { z } from "zod";
import { idSchema } from "../common.ts";
import { messages } from "../messages.ts";
import { exportLists } from "./exports.ts";

/** The lists a view can be saved for: every list screen (the same names as the CSV exports). */
export const viewLists = exportLists;
export type ViewList = (typeof viewLists)[number];

/** Limits of a saved view. */
export const viewLimits = {
  nameLength: 60,
  stateKeys: 30,
  keyLength: 40,
  valueLength: 500,
  /** Views one member may save per list. */
  perMemberPerList: 50,
} as const;

/** The URL key left out of a saved state: a view opens on the first page. */
export const viewIgnoredStateKeys = ["page"] as const;

/**
 * A list's URL state: its search params as a record of string → string (filters, sortField, sortOrder,
 * pageSize, hide). The page number is never part of it.
 */
export const viewStateSchema = z
  .record(
    z
      .string()
      .min(1, { error: messages.stateKeyEmpty })
      .max(viewLimits.keyLength, { error: messages.stateKeyTooLong(viewLimits.keyLength) }),
    z.string().max(viewLimits.valueLength, {
      error: messages.stateValueTooLong(viewLimits.valueLength),
    }),
  )
  .refine((state) => Object.keys(state).length <= viewLimits.stateKeys, {
    error: messages.stateKeysMax(viewLimits.stateKeys),
  });
export type ViewState = z.infer<typeof viewStateSchema>;

const listSchema = z.enum(viewLists, { error: messages.oneOf("list", viewLists.join(", ")) });

export const viewListQuerySchema = z.object({ list: listSchema });

export const viewCreateBodySchema = z.object({
  list: listSchema,
  name: z
    .string({ error: messages.fieldRequired("name") })
    .trim()
    .min(1, { error: messages.viewNameRequired })
    .max(viewLimits.nameLength, { error: messages.atMostCharacters(viewLimits.nameLength) }),
  shared: z.boolean().default(false),
  state: viewStateSchema,
});
export type ViewCreateBody = z.input<typeof viewCreateBodySchema>;

export const viewIdParamsSchema = z.object({ id: idSchema });

/** A saved view; `mine` says whether the signed-in member saved it. */
export const savedViewSchema = z.object({
  _id: z.string(),
  list: z.enum(viewLists),
  name: z.string(),
  shared: z.boolean(),
  state: z.record(z.string(), z.string()),
  ownerId: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsAnswerSchema = z.object({ views: z.array(savedViewSchema) });
export type SavedViewsAnswer = z.infer<typeof savedViewsAnswerSchema>;
