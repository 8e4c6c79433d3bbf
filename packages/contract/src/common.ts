import { z } from "zod";
import { defaultPageSize, maxPageSize } from "./constants.ts";
import { messageCodes, messages } from "./messages.ts";

export const idSchema = z.uuid({ error: messages.idInvalid });
export const idParamsSchema = z.object({ id: idSchema });

/**
 * Every error the API answers. A validation error adds fieldErrors with the form's messages. One schema
 * component in the OpenAPI document (its id), which every error answer refers to.
 */
export const errorAnswerSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    code: z
      .enum(messageCodes)
      .describe("What went wrong, stable across versions and languages: a client shows its own text for it"),
    message: z.string().describe("The message in English"),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe(
        'The message\'s arguments ({ "n": 8 } for "Minimum 8 symbols"); a field\'s message adds the field',
      ),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "ErrorAnswer" });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const sortOrderSchema = z.enum(["asc", "desc"]);

/** List call body (decision 0007); each resource gives its filter, sort fields and default sort. */
export function listQuerySchema<F extends z.ZodObject, S extends readonly [string, ...string[]]>(
  filter: F,
  sortFields: S,
  defaults: { sortField: S[number]; sortOrder: "asc" | "desc"; pageSize?: number },
) {
  return z.object({
    queryParams: z.strictObject({
      filter: filter.strict().default({} as never),
      sortOrder: sortOrderSchema.default(defaults.sortOrder),
      sortField: z
        .enum(sortFields, { error: messages.oneOf("sortField", sortFields.join(", ")) })
        .default(defaults.sortField as never),
      pageNumber: z.number().int().min(1).default(1),
      pageSize: z
        .number()
        .int()
        .min(1, messages.between("pageSize", 1, maxPageSize))
        .max(maxPageSize, messages.between("pageSize", 1, maxPageSize))
        .default(defaults.pageSize ?? defaultPageSize),
    }),
  });
}

/** Lists take `?group=false` as the original client sends it; it changes nothing (decision 0007). */
export const listQuerystringSchema = z.object({ group: z.enum(["true", "false"]).optional() });

/** A bulk call's selected ids: at least one, at most a page's worth of 100. */
export const idsSchema = z
  .array(idSchema, { error: messages.idsInvalid })
  .min(1, messages.noIdsSelected)
  .max(maxPageSize, messages.atMostRecords(maxPageSize));

/** Trimmed text filter; empty means "no filter". */
export const textFilter = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

/**
 * How far a list's totalCount is exact (decision 0016): counting a million rows is too slow for a page,
 * so big lists count exactly up to a cap and then answer the planner's estimate ("about N") or the cap ("N+").
 * Absent means exact.
 */
export const totalCountKinds = ["exact", "estimate", "atLeast"] as const;
export type TotalCountKind = (typeof totalCountKinds)[number];

export function listAnswerSchema<E extends z.ZodType>(entity: E) {
  return z.object({
    totalCount: z.number().int(),
    totalCountKind: z.enum(totalCountKinds).optional(),
    entities: z.array(entity),
  });
}

export const okAnswerSchema = z.object({ message: z.string().optional() });

/**
 * A file field of a multipart form, for the API document (`format: binary`): multipart sends it beside the
 * text fields, which the server parses with the form's own schema.
 */
export const fileField = (description: string) => z.string().meta({ format: "binary", description });

/**
 * Zones found valid, by their canonical names only: building a formatter to test one costs more than the
 * dashboard's own work. Intl also takes any mix of cases ("eUrOpE/bErLiN"); such a spelling is resolved
 * each time and never kept, so what is kept is bounded by the zone list, whatever callers send.
 */
const knownZones = new Set<string>();

/** The zone's canonical name ("europe/berlin" → "Europe/Berlin"), or null when Intl does not know it. */
function resolveTimeZone(zone: string): string | null {
  if (knownZones.has(zone)) return zone;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  knownZones.add(canonical);
  return canonical;
}

/** Whether this runtime knows the IANA time zone (Europe/Berlin, UTC). */
export const isTimeZone = (zone: string): boolean => resolveTimeZone(zone) !== null;

/** The zone's canonical name ("europe/berlin" → "Europe/Berlin"); a zone Intl does not know stays as it is. */
export const canonicalTimeZone = (zone: string): string => resolveTimeZone(zone) ?? zone;

/** How many zones isTimeZone keeps (for its test). */
export const knownZoneCount = () => knownZones.size;

/**
 * Whether a text that starts with YYYY-MM-DD names a real calendar day (2026-02-30 does not, though
 * Date.parse takes it and rolls over). The caller's own pattern checks the rest of the text.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
