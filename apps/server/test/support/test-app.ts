import { type AppDeps, buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/client.ts";
import { defaultRateLimits, type RateLimits } from "../../src/lib/rate-limit.ts";
import { startMailgunSink } from "./mailgun-sink.ts";
import { openTestDatabase } from "./test-database.ts";

/** The signing secret of every test app, so tests can build their own tokens. */
export const testJwtSecret = "test-secret-test-secret-test-secret-0123456789";

/**
 * buildApp on a fresh database, with platform mail going to a local Mailgun-speaking sink.
 * Rate limits can be lowered per test file.
 */
export async function startTestApp(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: NodeJS.ProcessEnv;
    outbox?: AppDeps["outbox"];
    /** The payout worker and the timed jobs (on by default, as in production; `false` turns one off). */
    payouts?: AppDeps["payouts"];
    holdRelease?: AppDeps["holdRelease"];
    rollupCompaction?: AppDeps["rollupCompaction"];
    offerRollups?: AppDeps["offerRollups"];
    apiDocs?: AppDeps["apiDocs"];
    /** Logger options (e.g. a level and an in-memory stream); none by default. */
    logger?: AppDeps["logger"];
    /** An open database to build on (another process of the same installation, or a restart); left open. */
    database?: Database;
  } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const mail = await startMailgunSink();
  const config = loadConfig({
    PUBLIC_URL: "http://rewards.test",
    PLATFORM_MAILGUN_DOMAIN: "mg.rewards.test",
    PLATFORM_MAILGUN_API_KEY: "key-test",
    PLATFORM_MAIL_FROM: "Rewards <no-reply@rewards.test>",
    PLATFORM_MAILGUN_BASE_URL: mail.baseUrl,
    // Tenants' Mailgun configs send to the same local sink.
    MAILGUN_BASE_URL: mail.baseUrl,
    ...options.env,
  });
  const app = await buildApp({
    db: database.db,
    config,
    jwtSecret: testJwtSecret,
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    // Fast retries, so delivery tests take milliseconds; a test can turn the worker off.
    outbox: options.outbox ?? { pollMs: 100, baseBackoffMs: 20 },
    ...(options.payouts !== undefined ? { payouts: options.payouts } : {}),
    ...(options.holdRelease !== undefined ? { holdRelease: options.holdRelease } : {}),
    ...(options.rollupCompaction !== undefined ? { rollupCompaction: options.rollupCompaction } : {}),
    ...(options.offerRollups !== undefined ? { offerRollups: options.offerRollups } : {}),
    ...(options.apiDocs ? { apiDocs: options.apiDocs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    mail,
    async close() {
      await app.close();
      await mail.close();
      if (!options.database) await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
