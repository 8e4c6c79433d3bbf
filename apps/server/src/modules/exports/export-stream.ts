import { type ExportList, exportBatchSize } from "@rewards/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, byActor, recordAudit } from "../../lib/audit.ts";
import { csvLine } from "./csv.ts";
import type { ExportSource } from "./export-sources.ts";

export type ExportRun = {
  db: Db;
  actor: Actor;
  list: ExportList;
  source: ExportSource;
  /** The body as the list's schema parsed it. */
  body: unknown;
  batchSize?: number;
};

/**
 * The CSV of an export, batch by batch: the first batch is read before anything is sent (a missing parent
 * still answers 404), then each batch is read only when the previous one has been taken by the reader, so
 * at most one batch is in memory whatever the list's size. Offset batches over the list's total order (its
 * sort, then id). When the stream ends, complete or cut short, one audit entry records the list, its
 * filters and the rows sent.
 */
export async function startExport(run: ExportRun): Promise<AsyncGenerator<string> | null> {
  const { db, actor, source, body, list } = run;
  const size = run.batchSize ?? exportBatchSize;
  const first = await source.batch(db, actor.appId, body, 1, size);
  if (!first) return null;

  async function* lines(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      yield csvLine(source.headers);
      let batch: unknown[][] | null = first;
      for (let page = 1; batch && batch.length > 0; page += 1) {
        yield batch.map((row) => csvLine(row as never)).join("");
        rows += batch.length;
        if (batch.length < size) break;
        batch = await source.batch(db, actor.appId, body, page + 1, size);
      }
      complete = true;
    } finally {
      await db.transaction((tx) =>
        recordAudit(
          tx,
          byActor(actor, {
            action: "export.run",
            recordType: "export",
            recordId: null,
            changes: {
              list: { after: list },
              filters: { after: source.filtersOf(body) },
              rows: { after: rows },
              complete: { after: complete },
            },
          }),
        ),
      );
    }
  }
  return lines();
}
