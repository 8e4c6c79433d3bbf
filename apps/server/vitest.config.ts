import { configDefaults, defineProject } from "vitest/config";
import { serverTestSetupFiles } from "./test/support/setup-files.ts";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // PostgreSQL restart and SIGKILL tests run only where .ci/run starts them (vitest.postgres-faults.config.ts),
    // the streaming replica's only beside the replica it makes (vitest.replica.config.ts).
    exclude: [...configDefaults.exclude, "test/faults/**/*.pg.test.ts", "test/replica/**/*.test.ts"],
    setupFiles: serverTestSetupFiles,
    // Each file opens its own database; PGlite start-up makes a few seconds normal.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
