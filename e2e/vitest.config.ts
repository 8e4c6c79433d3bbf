import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    // Each file starts its own server and Chromium; two cores run them one at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    // The first file needing a prepared data directory starts the server twice (to prepare it, then on a copy).
    hookTimeout: 120_000,
  },
});
