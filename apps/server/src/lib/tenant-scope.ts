import { messages } from "@rewards/contract";
import type { FastifyRequest } from "fastify";
import { currentAdmin } from "../plugins/require-admin.ts";
import { AppError } from "./errors.ts";

/** A path `{adminId}` must be the caller's own (DECISIONS "Who owns what"): another answers 403. */
export function ownAdminId(request: FastifyRequest, pathAdminId: string): string {
  const admin = currentAdmin(request);
  if (pathAdminId !== admin.id) throw new AppError(403, messages.forbidden);
  return admin.id;
}

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
