import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 60_000,
    // The first file needing a prepared data directory starts the server twice (to prepare it, then on a copy).
    hookTimeout: 120_000,
  },
});
