import { messages } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { getUpload } from "../../lib/uploads.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Public, since <img> tags and the mobile app send no token; the random id is what keeps an upload
 * private. The content never changes under an id, so it may be cached for good.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/uploads/:id",
    {
      schema: {
        tags: ["uploads"],
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const upload = uuidPattern.test(request.params.id) ? await getUpload(db, request.params.id) : null;
      if (!upload) throw new AppError(404, messages.notFound);
      return reply
        .header("content-type", upload.contentType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("etag", `"${upload.sha256}"`)
        .header("content-security-policy", "default-src 'none'")
        .send(upload.content);
    },
  );
}
