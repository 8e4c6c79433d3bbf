import { type Message, messages } from "@rewards/contract";
import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * Validates what a route schema cannot (multipart fields) with the contract's schema, answering the same
 * 400 as the error handler: the first message per field.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Zod's messages are the contract's own (its schemas name them), so they are catalogued.
  const fieldErrors: Record<string, Message> = {};
  for (const issue of result.error.issues)
    fieldErrors[issue.path.join(".") || "_"] ??= issue.message as Message;
  const [field, message] = Object.entries(fieldErrors)[0] ?? ["_", messages.validation];
  throw new AppError(400, field === "_" ? message : messages.fieldInvalid(field, message), fieldErrors);
}
