import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { serverTestSetupFiles } from "./test/support/setup-files.ts";

/**
 * The fault tests that stop, start and kill things around a real PostgreSQL of their own (restart under
 * load, SIGKILL during an outbox send). Not part of `npm test`: .ci/run runs them next to PostgreSQL with
 * `npx vitest run --config apps/server/vitest.postgres-faults.config.ts` and FAULTS_PG_BIN set.
 */
export default defineConfig({
  test: {
    name: "server-postgres-faults",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/faults/**/*.pg.test.ts"],
    setupFiles: serverTestSetupFiles,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Each file runs its own PostgreSQL and servers; one at a time keeps the timings honest.
    fileParallelism: false,
  },
});
