import { describe, expect, it } from "vitest";
import { parseView, presetOf, presetRange, todayIn } from "./range";

describe("analytics ranges", () => {
  it("counts today in the reporting time zone, not the browser's", () => {
    const now = new Date("2026-03-01T22:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-03-01");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-03-02");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-03-01");
  });

  it("builds each preset from today, both ends included", () => {
    const today = "2026-03-02";
    expect(presetRange("last7", today)).toEqual({ from: "2026-02-24", to: today });
    expect(presetRange("last30", today)).toEqual({ from: "2026-02-01", to: today });
    expect(presetRange("last90", today)).toEqual({ from: "2025-12-03", to: today });
    expect(presetRange("thisMonth", today)).toEqual({ from: "2026-03-01", to: today });
    expect(presetRange("lastMonth", today)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("thisYear", today)).toEqual({ from: "2026-01-01", to: today });
    expect(presetOf({ from: "2026-02-24", to: today }, today)).toBe("last7");
    expect(presetOf({ from: "2026-02-23", to: today }, today)).toBe("custom");
  });

  it("reads the view from the URL, invalid parts taking their defaults", () => {
    expect(
      parseView(new URLSearchParams("from=2026-01-01&to=2026-01-31&granularity=week&by=country")),
    ).toEqual({
      range: { from: "2026-01-01", to: "2026-01-31" },
      granularity: "week",
      by: "country",
    });
    expect(parseView(new URLSearchParams("from=2026-02-30&to=2026-01-31&granularity=year&by=x"))).toEqual({
      range: undefined,
      granularity: "day",
      by: "network",
    });
    expect(parseView(new URLSearchParams("from=2026-02-01&to=2026-01-31")).range).toBeUndefined();
  });
});
