import { messages, systemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { getUpload, rasterTypes } from "../../lib/uploads.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Public, since <img> tags and the mobile app send no token; the random id is what keeps an upload
 * private. The content never changes under an id, so it may be cached for good.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, systemEndpoints.upload, async (request, reply) => {
    const upload = uuidPattern.test(request.params.id) ? await getUpload(db, request.params.id) : null;
    if (!upload) throw new AppError(404, messages.notFound);
    // Only the raster types the upload check lets in are ever served as what they are; anything
    // else (a row written some other way) goes out as a download.
    const raster = rasterTypes.has(upload.contentType);
    return (
      reply
        .header("content-type", raster ? upload.contentType : "application/octet-stream")
        .header("content-disposition", raster ? "inline" : "attachment")
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("etag", `"${upload.sha256}"`)
        // An image opened on its own (even a polyglot, image and HTML at once) runs nothing and
        // loads nothing: no sources at all, and a sandbox without scripts or same-origin access.
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(upload.content)
    );
  });
}
