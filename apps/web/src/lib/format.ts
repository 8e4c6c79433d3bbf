import type { Language } from "@rewards/contract";
import { currentLanguage, currentTimeZone } from "./language";

/**
 * Dates, numbers, points and money in the language shown, by Intl; moments in the app's time zone (its
 * General settings, through the profile), so every operator reads the same day and hour whatever their
 * browser's zone. English dates keep the dashboard's house style (3 Nov 2026, 14:05: day first, 24-hour
 * clock) and English money reads "$1,234.50". Formatters are made once per language, zone and kind: a long
 * table formats thousands of cells.
 */
const intlLocale = (language: Language, kind: "date" | "number"): string =>
  language === "en" ? (kind === "date" ? "en-GB" : "en-US") : language;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  name: string,
  make: (language: Language, timeZone: string) => F,
): F {
  const language = currentLanguage();
  const timeZone = currentTimeZone();
  const key = `${language}:${timeZone}:${name}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(language, timeZone);
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberIn = (name: string, options: Intl.NumberFormatOptions) =>
  cached(name, (language) => new Intl.NumberFormat(intlLocale(language, "number"), options));
/**
 * A date in a named format, in the app's time zone unless the options name one (a calendar day's UTC), or
 * a dash for a missing or unreadable one (Intl throws on those).
 */
function dateIn(name: string, options: Intl.DateTimeFormatOptions, date: Date): string {
  if (Number.isNaN(date.getTime())) return "—";
  return cached(
    name,
    (language, timeZone) => new Intl.DateTimeFormat(intlLocale(language, "date"), { timeZone, ...options }),
  ).format(date);
}

const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** Money is stored with 4 decimals and shown with 2 (decision 0007): "$1,234.50", "1.234,50 $". */
export function formatUsd(amount: number | null | undefined): string {
  if (missing(amount)) return "—";
  return numberIn("usd", { style: "currency", currency: "USD" }).format(amount);
}

/** A number as the language writes it, grouped, with up to 3 decimals: "12,480.5", "12.480,5". */
export function formatNumber(value: number): string {
  return numberIn("number", {}).format(value);
}

/** Counts and points with the language's grouping: "12,480", "12.480". */
export function formatCount(count: number | null | undefined): string {
  if (missing(count)) return "—";
  return numberIn("count", { maximumFractionDigits: 0 }).format(count);
}

/** A share (0.25) as a percentage: "25.0%", "25,0 %". */
export function formatPercent(share: number | null | undefined, digits = 1): string {
  if (missing(share)) return "—";
  return numberIn(`percent${digits}`, {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(share);
}

export function formatDateTime(iso: string): string {
  return dateIn("dateTime", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }, new Date(iso));
}

export function formatDate(iso: string): string {
  return dateIn("date", { dateStyle: "medium" }, new Date(iso));
}

export function formatTime(iso: string): string {
  return dateIn("time", { timeStyle: "short", hourCycle: "h23" }, new Date(iso));
}

/** A moment's day and month: "3 Nov", "3. Nov.", "11月3日". */
export function formatDayMonth(iso: string): string {
  return dateIn("dayMonth", { day: "numeric", month: "short" }, new Date(iso));
}

/** A moment's day in full: "Thursday 26 November 2026", "Donnerstag, 26. November 2026". */
export function formatFullDate(iso: string): string {
  return dateIn("fullDate", { dateStyle: "full" }, new Date(iso));
}

// A calendar day (YYYY-MM-DD) names the same day everywhere: it is read and written in UTC.
const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A calendar day as "3 Nov 2026", "3. Nov. 2026", "2026/11/03". */
export function formatDay(day: string): string {
  return dateIn("day", { dateStyle: "medium", timeZone: "UTC" }, calendarDay(day));
}

/** A calendar month from its first day: "Nov 2026", "2026年11月". */
export function formatMonth(day: string): string {
  return dateIn("month", { month: "short", year: "numeric", timeZone: "UTC" }, calendarDay(day));
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** How long ago (or until) a moment is, in the largest whole unit: "3 hours ago", "vor 3 Stunden". */
export function fromNow(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const [unit, size] = relativeUnits.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return cached("relative", (language) => new Intl.RelativeTimeFormat(language, { numeric: "auto" })).format(
    Math.trunc(seconds / size),
    unit,
  );
}
