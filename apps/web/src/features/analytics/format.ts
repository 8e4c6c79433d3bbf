import type { AnalyticsGranularity } from "@rewards/contract";
import { formatDay, formatMonth, formatUsd } from "../../lib/format";

export { formatCount, formatDay, formatPercent } from "../../lib/format";

/** US dollars with 2 decimals in the language shown: "$1,234.50", "-$3.00". */
export const formatMoney = formatUsd;

/** A period's name from its first day: "3 Nov 2026" for a day or a week, "Nov 2026" for a month. */
export function formatPeriod(start: string, granularity: AnalyticsGranularity): string {
  return granularity === "month" ? formatMonth(start) : formatDay(start);
}
