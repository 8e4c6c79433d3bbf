import type { AnalyticsGranularity } from "@rewards/contract";
import dayjs from "dayjs";

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars with 2 decimals and thousands separators: "$1,234.50", "-$3.00". */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "—";
  const text = money.format(Math.abs(amount));
  return amount < 0 && text !== "0.00" ? `-$${text}` : `$${text}`;
}

/** Counts and points with thousands separators: "12,480". */
export function formatCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return "—";
  return Math.round(count).toLocaleString("en-US");
}

/** A share (0.25) as a percentage: "25.0%"; a dash without one. */
export function formatPercent(share: number | null | undefined, digits = 1): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return "—";
  return `${(share * 100).toFixed(digits)}%`;
}

const periodFormats: Record<AnalyticsGranularity, string> = {
  day: "D MMM YYYY",
  week: "D MMM YYYY",
  month: "MMM YYYY",
};

/** A period's name from its first day: "3 Nov 2026", "Nov 2026". */
export function formatPeriod(start: string, granularity: AnalyticsGranularity): string {
  return dayjs(start).format(periodFormats[granularity]);
}

/** A day (YYYY-MM-DD) as "3 Nov 2026". */
export function formatDay(day: string): string {
  return dayjs(day).format("D MMM YYYY");
}
