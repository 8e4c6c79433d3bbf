import { describe, expect, it } from "vitest";
import { formatterCount, localDayOf, startOf } from "./local-days.ts";

describe("local days", () => {
  it("keeps one formatter per zone, however the zone is spelled", () => {
    const at = new Date("2026-03-29T00:30:00Z");
    expect(localDayOf("Europe/Berlin", at)).toEqual({ year: 2026, month: 3, day: 29 });
    const before = formatterCount();
    for (const zone of ["europe/berlin", "EUROPE/BERLIN", "eUrOpE/bErLiN", "Europe/berlin"]) {
      expect(localDayOf(zone, at)).toEqual({ year: 2026, month: 3, day: 29 });
    }
    expect(formatterCount()).toBe(before);
  });

  it("finds local midnight across a change of daylight saving time", () => {
    // Berlin moved from +01:00 to +02:00 at 02:00 on 2026-03-29: that day began at 23:00 UTC the day before.
    expect(startOf("Europe/Berlin", { year: 2026, month: 3, day: 29 }).toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    expect(startOf("Europe/Berlin", { year: 2026, month: 3, day: 30 }).toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
  });
});
