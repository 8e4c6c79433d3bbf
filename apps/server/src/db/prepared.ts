import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Db, databaseNow, type Tx } from "./client.ts";

const dialect = new PgDialect();
const names = new Map<string, string>();
/** Shapes named at most: past it a statement runs unnamed, planned each time as before. */
const maxNames = 100;

/** The name of a statement's text, made the first time it is seen; undefined once maxNames are given. */
function nameOf(text: string, prefix: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < maxNames) {
    name = `${prefix}_${names.size}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement built per call (its values as parameters) as a prepared statement named after its text:
 * PostgreSQL parses and plans each shape once per connection instead of on every call. For a statement
 * whose text takes one of a few shapes (which optional parts it has); the values may differ every call.
 * Measured on the one-statement credit: planning was 0.24 ms of PostgreSQL's time a postback.
 */
export async function executeNamed(db: Db | Tx, prefix: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = nameOf(query.sql, prefix);
  return (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: unknown[] };
}

/** A drizzle select, built but not run: `await` runs it unnamed, `prepare(name)` under a name. */
export type SelectQuery<T> = PromiseLike<T> & {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
};

/**
 * executeNamed for a drizzle select: its rows come mapped as `await query` maps them. Naming it builds its
 * text once more (about 0.08 ms of the server's CPU for a 22-column page); the planning PostgreSQL then
 * skips cost it 0.3 to 0.5 ms for a list's page (docs/performance.md, "List pages prepared").
 */
export async function executeSelectNamed<T>(query: SelectQuery<T>, prefix: string): Promise<T> {
  const name = nameOf(query.toSQL().sql, prefix);
  return name ? query.prepare(name).execute() : query;
}

/**
 * A statement of raw SQL with placeholders (sql.placeholder), prepared under `name`; execute() takes the
 * placeholders' values and answers the driver's rows.
 */
export function prepareNamed(db: Db, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    execute: async (values: Record<string, unknown>) =>
      (await prepared.execute(values)) as { rows: Record<string, unknown>[] },
  };
}

/**
 * A constant of the code written into a prepared statement's text instead of sent as a value. PostgreSQL
 * plans a named statement for its values five times, then keeps one generic plan only if that plan costs
 * no more than theirs did. A constant sent as a value is unknown to the generic plan: for `LIMIT $1` it
 * assumes a tenth of the rows, for `status = $2` an average status, costs more, and every call was planned
 * again (the postback's tenant read: 1 ms planning for 0.15 ms running). Only for the code's own constants,
 * never for a request's values.
 */
export function inText(value: number | string): SQL {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`inText takes integers: ${value}`);
    return sql.raw(String(value));
  }
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/** `.limit()` with its count in the text (see inText): drizzle's limit takes a number or a placeholder. */
export const limitInText = (count: number) => inText(count) as unknown as number;

/**
 * Statements built once per database and prepared under names, so neither the server nor PostgreSQL builds
 * or plans them again (a query builder's SQL costs the server about as much to build as the database to
 * run a key lookup). `build` makes them with sql.placeholder for the values of a call. A Db that switches
 * (the read replica's) is seen through: each database it stands for gets statements of its own.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (anyDb) => {
    const db = databaseNow(anyDb);
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
