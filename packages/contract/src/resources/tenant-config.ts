import { z } from "zod";
import { idSchema } from "../common.ts";
import { secretMask } from "../constants.ts";
import { messages } from "../messages.ts";

/** Enable flags: 0 or 1 on the wire. */
export const enableFlagSchema = z.union([z.literal(0), z.literal(1)], { error: messages.enableFlag });
export type EnableFlag = z.infer<typeof enableFlagSchema>;

/** Settings calls carry the caller's own id in the path; another id answers 403 (decision 0001). */
export const adminIdParamsSchema = z.object({ adminId: idSchema });

/** Required text with the form's bounds; `missing` is the message for an empty or absent value. */
export const requiredText = (missing: string, min: number, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).min(min, messages.min(min)).max(max, messages.max(max));

/**
 * The message of `.int()`: a fraction is not a whole number, but past the safe-integer range (1e21) it
 * is the bound that is broken, so that is what the message says.
 */
export const intMessage = (tooSmall: string, tooBig: string) => ({
  error: (issue: { code: string }) =>
    issue.code === "too_big" ? tooBig : issue.code === "too_small" ? tooSmall : messages.wholeNumber,
});

/** A whole number within bounds, "Required field" when absent (a cleared number input sends ""). */
export const boundedInt = (min: number, max: number) =>
  z
    .number({ error: messages.required })
    .int(intMessage(messages.minimum(min), messages.maximum(max)))
    .min(min, messages.minimum(min))
    .max(max, messages.maximum(max));

/** A masked secret as answered: "••••" plus at most 4 last characters (decision 0010). */
export const isMaskedSecret = (value: string) => value.startsWith(secretMask);

/** The record id of a saved setting; absent while the tenant has not saved one yet (decision 0007). */
export const savedIdSchema = z.string().optional();
