import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    // Each file starts its own server and Chromium; two cores run them one at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
