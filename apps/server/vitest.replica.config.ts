import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { serverTestSetupFiles } from "./test/support/setup-files.ts";

/**
 * The read-path tests against a real streaming replica. Not part of `npm test`: .ci/run makes the replica
 * of its PostgreSQL (pg_basebackup -R), then runs them with TEST_DATABASE_URL (the primary) and
 * TEST_DATABASE_READ_URL (the standby) set.
 */
export default defineConfig({
  test: {
    name: "server-replica",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/replica/**/*.test.ts"],
    setupFiles: serverTestSetupFiles,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
