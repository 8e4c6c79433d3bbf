import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    // Each file starts its own server and Chromium. They run after every other project has finished
    // (beside the server files they timed out under load), then two files at a time.
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
    testTimeout: 60_000,
    // The first file needing a prepared data directory starts the server twice (to prepare it, then on a copy).
    hookTimeout: 120_000,
  },
});
