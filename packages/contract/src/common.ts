import { z } from "zod";
import { maxPageSize } from "./constants.ts";

export const idSchema = z.uuid({ error: "Not a valid id" });
export const idParamsSchema = z.object({ id: idSchema });

/** Every error the API answers. A validation error adds fieldErrors with the form's messages. */
export const errorAnswerSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const sortOrderSchema = z.enum(["asc", "desc"]);

/** List call body (DECISIONS "Wire conventions"); each resource narrows filter and sortField. */
export function listQuerySchema<F extends z.ZodObject, S extends readonly [string, ...string[]]>(
  filter: F,
  sortFields: S,
) {
  return z.object({
    queryParams: z.strictObject({
      filter: filter.strict().default({} as never),
      sortOrder: sortOrderSchema.default("desc"),
      sortField: z.enum(sortFields),
      pageNumber: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(maxPageSize),
    }),
  });
}

export function listAnswerSchema<E extends z.ZodType>(entity: E) {
  return z.object({ totalCount: z.number().int(), entities: z.array(entity) });
}

export const okAnswerSchema = z.object({ message: z.string().optional() });
