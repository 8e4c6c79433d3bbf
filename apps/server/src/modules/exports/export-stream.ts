import { type ExportList, exportBatchSize } from "@rewards/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, byActor, recordAudit } from "../../lib/audit.ts";
import { csvLine } from "./csv.ts";
import type { ExportBatch, ExportSource } from "./export-sources.ts";

export type ExportRun = {
  /** Where the audit entry is written. */
  db: Db;
  /** Where the rows are read (a replica, or db itself). */
  readDb?: Db;
  actor: Actor;
  list: ExportList;
  source: ExportSource;
  /** The body as the list's schema parsed it. */
  body: unknown;
  batchSize?: number;
};

/**
 * The CSV of an export, batch by batch: the first batch is read before anything is sent (a missing parent
 * still answers 404), then each batch is read while the previous one is being taken by the reader (one
 * batch ahead, never more), so at most two batches are in memory whatever the list's size. Each batch starts after the last row of the
 * previous one (keyset, on the list's index): reading the millionth row costs what reading the first does.
 * When the stream ends, complete or cut short, one audit entry records the list, its filters and the rows sent.
 */
export async function startExport(run: ExportRun): Promise<AsyncGenerator<string> | null> {
  const { db, actor, source, body, list } = run;
  const readDb = run.readDb ?? db;
  const size = run.batchSize ?? exportBatchSize;
  const first = await source.batch(readDb, actor.appId, body, null, size);
  if (!first) return null;

  async function* lines(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      yield csvLine(source.headers);
      let batch: ExportBatch | null = first;
      while (batch && batch.rows.length > 0) {
        const text = batch.rows.map((row) => csvLine(row)).join("");
        const more = batch.rows.length === size && batch.lastId !== undefined;
        // Read ahead by one batch: the database reads the next rows while the connection takes these.
        const next = more ? source.batch(readDb, actor.appId, body, batch.lastId ?? null, size) : null;
        // A read that fails while nobody awaits it must not be an unhandled rejection; the await rethrows.
        next?.catch(() => {});
        const sent = batch.rows.length;
        batch = null;
        yield text;
        rows += sent;
        batch = await next;
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
