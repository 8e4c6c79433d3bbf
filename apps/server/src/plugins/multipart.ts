import fastifyMultipart, { type Multipart } from "@fastify/multipart";
import { type Message, maxUploadBytes } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.ts";

/**
 * Multipart forms (images with their fields). Files are read whole but never past 2 MB; the small
 * part and field limits keep a hostile form from costing memory.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxUploadBytes,
      files: 4,
      fields: 20,
      fieldSize: 10_000,
      parts: 30,
      headerPairs: 100,
    },
  });
}

/**
 * Reads a multipart form part by part. A malformed form (no boundary, cut short) is the client's fault:
 * the parser's plain errors answer 400 with `unreadable`, never 500; 4xx errors (413 too large, an
 * image refused) pass through as they are.
 */
export async function readMultipartParts(
  request: FastifyRequest,
  unreadable: Message,
  onPart: (part: Multipart) => Promise<void>,
) {
  if (!request.isMultipart()) throw new AppError(400, unreadable);
  try {
    for await (const part of request.parts()) await onPart(part);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    throw new AppError(400, unreadable);
  }
}
