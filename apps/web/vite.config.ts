import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const serverUrl = "http://localhost:3000";
// Everything the server answers besides the SPA itself.
const proxied = ["/api", "/postback", "/app", "/uploads", "/healthz"];

export default defineConfig({
  plugins: [react()],
  // The manifest maps each source module to its chunks: scripts/check-bundle-budgets.mjs reads it.
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverUrl, changeOrigin: true }])),
  },
});
