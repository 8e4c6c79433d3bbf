import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contract", "apps/server", "apps/web", "e2e", "scripts"],
    // Two files at a time (vitest's default is the cores less one: a single file at a time on a 2-core CI
    // machine). Each server file has its own database; the browser tests run after the rest (their project's
    // sequence.groupOrder), two files at a time too.
    maxWorkers: 2,
  },
});
