import { createRequire } from "node:module";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localesPlugin } from "./locales-plugin.ts";
import { precompressPlugin } from "./precompress-plugin.ts";

const serverUrl = "http://localhost:3000";
// Everything the server answers besides the SPA itself.
const proxied = ["/api", "/postback", "/app", "/uploads", "/healthz", "/readyz", "/metrics"];

// React Router 7's package exports point only at its development build (warnings and checks included);
// a production build takes the production files it ships beside them, about 20 KB gzip less on every page.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve("react-router/package.json")
  .replace(/package\.json$/, "dist/production/index.mjs");

export default defineConfig(({ command }) => ({
  plugins: [localesPlugin(), react(), precompressPlugin()],
  resolve:
    command === "build"
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // Locale texts arrive parsed (locales-plugin.ts): the built app leaves the ICU parser out.
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
            },
          ],
        }
      : {},
  // The manifest maps each source module to its chunks: scripts/check-bundle-budgets.mjs reads it.
  // Chunks are named by their hash (after a letter: never a leading dash). The entry lists every chunk's
  // file for preloading, so readable names cost every first page bytes: 2 KB gzip at 220 chunks. The
  // manifest still maps each source module to its file.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: { chunkFileNames: "assets/c[hash].js", assetFileNames: "assets/a[hash][extname]" },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverUrl, changeOrigin: true }])),
  },
}));
