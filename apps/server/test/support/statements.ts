import { vi } from "vitest";
import type { Db } from "../../src/db/client.ts";

type QueryClient = { query: (...args: unknown[]) => unknown };

/**
 * Watches the statements a database's client is asked to run (PGlite's or the pg pool's `query`, which
 * drizzle calls once per statement): the round trips a call makes. Only statements that name one of
 * `tables` are kept. stop() ends the watch.
 */
export function watchStatements(db: Db, tables: string[]) {
  const { client } = (db as unknown as { _: { session: { client: QueryClient } } })._.session;
  const query = vi.spyOn(client, "query");
  // A table's name as a whole word, quoted (drizzle) or not (raw SQL).
  const names = tables.map((table) => new RegExp(`(^|[^\\w])"?${table}"?($|[^\\w])`));
  const textOf = (statement: unknown) =>
    typeof statement === "string" ? statement : String((statement as { text?: string } | undefined)?.text);
  let stopped: string[] | undefined;
  const sent = () =>
    query.mock.calls
      .map(([statement]) => textOf(statement))
      .filter((text) => names.some((name) => name.test(text)));
  return {
    /** The kept statements' texts, in the order they were sent (until stop()). */
    sent: (): string[] => stopped ?? sent(),
    stop: () => {
      stopped = sent();
      query.mockRestore();
    },
  };
}
