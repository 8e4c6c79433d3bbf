import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const serverUrl = "http://localhost:3000";
// Everything the server answers besides the SPA itself.
const proxied = ["/api", "/postback", "/app", "/uploads", "/healthz"];

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverUrl, changeOrigin: true }])),
  },
});
