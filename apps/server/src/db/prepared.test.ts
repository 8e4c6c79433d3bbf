import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database, Tx } from "./client.ts";
import { executeNamed, inText } from "./prepared.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** How many statements this connection prepared under names that start with `prefix`. */
const preparedOnConnection = async (tx: Tx, prefix: string) => {
  const { rows } = await executeNamed(
    tx,
    "test_names",
    sql`select count(*)::integer as shapes from pg_prepared_statements where starts_with(name, ${prefix})`,
  );
  return (rows[0] as { shapes: number }).shapes;
};

/** Runs the two shapes by turns (a value, and a value with its label): each answer holds its own values. */
async function expectOwnValuesInTurn(run: (value: number, withLabel: boolean) => Promise<unknown>) {
  const answers = [];
  for (const [value, withLabel] of [
    [1, false],
    [2, true],
    [3, false],
    [4, true],
  ] as const) {
    answers.push(await run(value, withLabel));
  }
  expect(answers).toEqual([{ value: 1 }, { value: 2, label: "n2" }, { value: 3 }, { value: 4, label: "n4" }]);
}

const shaped = (value: number, withLabel: boolean) =>
  sql`select ${value}::integer as value${withLabel ? sql`, ${`n${value}`}::text as label` : sql``}`;

describe("executeNamed", () => {
  it("answers each call with its own values, whichever shape ran before", async () => {
    await expectOwnValuesInTurn(async (value, withLabel) => {
      const { rows } = await executeNamed(database.db, "test_shape", shaped(value, withLabel));
      return rows[0];
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("prepares one statement per shape, not per call", async () => {
    // One connection, so every call below finds what the ones before it prepared.
    await database.db.transaction(async (tx) => {
      for (const value of [5, 6, 7]) await executeNamed(tx, "test_shape", shaped(value, false));
      for (const value of [8, 9]) await executeNamed(tx, "test_shape", shaped(value, true));
      expect(await preparedOnConnection(tx, "test_shape")).toBe(2);
    });
  });
});

describe("inText", () => {
  it("writes the code's constants into the statement's text, quoted", async () => {
    const { rows } = await executeNamed(
      database.db,
      "test_in_text",
      sql`select ${inText(7)}::integer as seven, ${inText("it's")}::text as quoted`,
    );
    expect(rows).toEqual([{ seven: 7, quoted: "it's" }]);
  });

  it("takes only integers for numbers", () => {
    expect(() => inText(1.5)).toThrow(/integers/);
    expect(() => inText(Number.NaN)).toThrow(/integers/);
  });
});
