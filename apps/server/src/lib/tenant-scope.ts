import { messages } from "@rewards/contract";
import { AppError } from "./errors.ts";

/** Services answer null for a missing (or another tenant's) record; routes turn that into 404. */
export function found<T>(value: T | null): T {
  if (value === null) throw new AppError(404, messages.notFound);
  return value;
}

/** Postgres unique violation: a second create of a one-per-tenant setting raced the first. */
export function isUniqueViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown })?.cause].some(
    (candidate) => (candidate as { code?: unknown })?.code === "23505",
  );
}
