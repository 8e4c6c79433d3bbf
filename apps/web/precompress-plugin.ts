import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images and fonts (woff2) are compressed already. */
const compressible = /\.(js|css|html|svg|json|txt)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const minBytes = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : filesUnder(path);
    return [path];
  });
}

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static's preCompressed) and compresses nothing per
 * request. Brotli's slowest setting costs build time only.
 */
export function precompressPlugin(): Plugin {
  let outDir = "dist";
  return {
    name: "rewards-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file) || statSync(file).size < minBytes) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
