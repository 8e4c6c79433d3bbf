import { describe, expect, it } from "vitest";
import { seriesDayLabel } from "../format";
import { seriesDomain } from "./series-chart";
import { countHeadroom, revenueHeadroom } from "./total-widgets";

describe("sparklines", () => {
  it("reach the headroom above the highest point: +5 for counts, +15 for revenue", () => {
    expect(seriesDomain([1, 4, 2, 0, 6, 5, 3], countHeadroom)).toEqual([0, 11]);
    expect(seriesDomain([10, 20.5, 0, 33.25, 12, 7.1, 48.5], revenueHeadroom)).toEqual([0, 63.5]);
    expect(seriesDomain([0, 0, 0, 0, 0, 0, 0], countHeadroom)).toEqual([0, 5]);
  });

  it("name the seven days from 6 Days Ago to Today", () => {
    expect(Array.from({ length: 7 }, (_, index) => seriesDayLabel(index))).toEqual([
      "6 Days Ago",
      "5 Days Ago",
      "4 Days Ago",
      "3 Days Ago",
      "2 Days Ago",
      "Yesterday",
      "Today",
    ]);
  });
});
