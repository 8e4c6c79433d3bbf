import type { AnalyticsGranularity } from "@rewards/contract";
import { formatDay, formatMonth } from "../../lib/format";

/** A period's name from its first day: "3 Nov 2026" for a day or a week, "Nov 2026" for a month. */
export function formatPeriod(start: string, granularity: AnalyticsGranularity): string {
  return granularity === "month" ? formatMonth(start) : formatDay(start);
}
