import { readFileSync } from "node:fs";
import { messages, systemEndpoints } from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Db, migrationsFolder } from "../../db/client.ts";
import { bearerToken } from "../../lib/bearer-token.ts";
import { AppError } from "../../lib/errors.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { route } from "../../lib/route.ts";
import { sameSecret } from "../../lib/secrets.ts";
import { errorAnswer } from "../../plugins/error-handler.ts";

type Rows<T> = { rows: T[] };

/** How many migrations this build ships (drizzle-kit's journal), read once at start. */
const shippedMigrations = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as { entries: unknown[] }
).entries.length;

/** How many of them the database has applied (drizzle's own record); 0 before the first migration. */
async function appliedMigrations(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
      else (select count(*)::int from drizzle.__drizzle_migrations) end as applied`)) as unknown as Rows<{
    applied: number;
  }>;
  return result.rows[0]?.applied ?? 0;
}

/**
 * Liveness (/healthz: the process answers), readiness (/readyz: the database answers and has every
 * migration of this build) and, with METRICS_TOKEN set, Prometheus metrics for that bearer token only.
 */
export async function healthRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics | null }) {
  const { db, config } = app.deps;

  route(app, systemEndpoints.health, async () => ({ status: "ok" as const }));

  route(app, systemEndpoints.ready, async (request, reply) => {
    let applied: number;
    try {
      applied = await appliedMigrations(db);
    } catch (error) {
      request.log.warn({ err: error }, "readiness: database unreachable");
      return reply.code(503).send(errorAnswer(503, messages.databaseUnavailable));
    }
    if (applied < shippedMigrations) {
      return reply.code(503).send(errorAnswer(503, messages.migrationsPending));
    }
    return { status: "ready" as const };
  });

  route(app, systemEndpoints.metrics, async (request, reply) => {
    // Unset, the route is as good as absent: nothing tells a scanner that metrics exist.
    if (!config.metricsToken || !metrics) throw new AppError(404, messages.notFound);
    if (!sameSecret(bearerToken(request) ?? "", config.metricsToken)) {
      throw new AppError(401, messages.metricsTokenInvalid);
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header("cache-control", "no-store").send(text);
  });
}
