import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { localesPlugin } from "./locales-plugin.ts";

// Absolute paths so the project behaves the same when the root config runs it as `--project web`.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineProject({
  root,
  plugins: [localesPlugin(), react()],
  test: {
    name: "web",
    environment: "happy-dom",
    setupFiles: [fileURLToPath(new URL("./src/test/setup.ts", import.meta.url))],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
