import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every other GET so
 * the browser router handles deep links. API paths keep their JSON 404. The build writes brotli and gzip
 * copies of its text files (apps/web/precompress-plugin.ts): they are sent as they are, so no request
 * compresses a file.
 */
export async function webApp(app: FastifyInstance, { root }: { root: string }) {
  const hasBuild = existsSync(join(root, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(root, "assets")}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return hasBuild;
}
