import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // PostgreSQL restart and SIGKILL tests run only where .ci/run starts them (vitest.postgres-faults.config.ts),
    // the streaming replica's only beside the replica it makes (vitest.replica.config.ts).
    exclude: [...configDefaults.exclude, "test/faults/**/*.pg.test.ts", "test/replica/**/*.test.ts"],
    // Secrets are encrypted at rest: every test process gets a fixed key.
    setupFiles: ["test/support/secrets-key.ts", "test/support/password-cost.ts"],
    // Each file opens its own database; argon2 and PGlite start-up make a few seconds normal.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
