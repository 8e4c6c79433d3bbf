import { describe, expect, it } from "vitest";
import { jsonRows } from "./json-rows.ts";
import { completedOffers, postbackLog } from "./schema/index.ts";

describe("jsonRows", () => {
  it("names the columns with their types, in the keys' order", () => {
    const rows = jsonRows(completedOffers, ["id", "payout", "referralPoints"]);
    const text = (value: unknown) =>
      (value as { queryChunks: { value: string[] }[] }).queryChunks[0]?.value[0];
    expect(text(rows.names)).toBe('"id", "payout", "referral_points"');
    expect(text(rows.definition)).toBe('"id" uuid, "payout" numeric(14, 4), "referral_points" bigint');
  });

  it("writes each value as its column's driver value, json as it is, and a missing key as null", () => {
    const log = jsonRows(postbackLog, ["query", "body", "points", "createdAt", "ip"]);
    const at = new Date("2026-12-02T10:00:00Z");
    expect(log.record({ query: { tx: "a" }, body: null, points: 7, createdAt: at } as never)).toEqual({
      query: { tx: "a" },
      body: null,
      points: 7,
      created_at: at.toISOString(),
      ip: null,
    });
  });

  it("refuses a key that is not a column", () => {
    expect(() => jsonRows(postbackLog, ["nope" as never])).toThrow(/not a column/);
  });
});
