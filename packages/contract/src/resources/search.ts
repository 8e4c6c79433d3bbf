import { z } from "zod";
import { messages } from "../messages.ts";

/** What the search palette can find. */
export const searchKinds = ["user", "redeem", "offer"] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Most results answered per kind. */
export const searchLimitPerKind = 5;

/** `q`: an e-mail prefix, an id, a referral code or a transaction id. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: messages.fieldRequired("q") })
    .trim()
    .min(1, { error: messages.searchEmpty })
    .max(100, { error: messages.atMostCharacters(100) }),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One thing found: `id` is the user's, the redeem's or the completed offer's id. */
export const searchResultSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  label: z.string(),
  detail: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
