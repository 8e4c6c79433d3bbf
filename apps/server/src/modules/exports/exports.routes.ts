import { Readable } from "node:stream";
import { type Endpoint, type ExportList, exportEndpoints, exportLists } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf } from "../../plugins/require-admin.ts";
import { exportSources } from "./export-sources.ts";
import { startExport } from "./export-stream.ts";

/** `users-2026-11-25.csv`: the list and the day (UTC) of the export. */
export const exportFileName = (list: ExportList, now = new Date()) =>
  `${list}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * CSV exports of the dashboard's lists, scoped to the signed-in administrator's app. The route's schema is
 * the list's own body schema, so a bad filter answers 400 before any byte of CSV. The rows are read from
 * the replica when there is one; the audit entry is written to the primary.
 */
export async function exportsRoutes(app: FastifyInstance) {
  const { db, readDb } = app.deps;
  for (const list of exportLists) {
    const definition: Endpoint = exportEndpoints[list];
    route(app, definition, async (request, reply) => {
      const source = exportSources[list];
      const lines = found(
        await startExport({ db, readDb, actor: actorOf(request), list, source, body: request.body }),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(list)}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines, { objectMode: false, highWaterMark: 64 * 1024 }));
    });
  }
}
