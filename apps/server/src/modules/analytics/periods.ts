import type { AnalyticsGranularity } from "@rewards/contract";

/** Calendar arithmetic on YYYY-MM-DD days (UTC dates stand for the reporting zone's days). */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** The Monday of the day's week (ISO weeks, as PostgreSQL's date_trunc('week')). */
export function mondayOf(day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first day of the period the day falls in. */
export function periodStartOf(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === "day") return day;
  if (granularity === "week") return mondayOf(day);
  return `${day.slice(0, 7)}-01`;
}

function nextPeriod(start: string, granularity: AnalyticsGranularity): string {
  if (granularity === "day") return addDays(start, 1);
  if (granularity === "week") return addDays(start, 7);
  const date = toDate(start);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return toDay(date);
}

/** Every period the range touches, by its first day; the first and last may be partial. */
export function periodStarts(from: string, to: string, granularity: AnalyticsGranularity): string[] {
  const starts: string[] = [];
  for (let start = periodStartOf(from, granularity); start <= to; start = nextPeriod(start, granularity)) {
    starts.push(start);
  }
  return starts;
}
