import fastifyMultipart from "@fastify/multipart";
import { maxUploadBytes } from "@rewards/contract";
import type { FastifyInstance } from "fastify";

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
