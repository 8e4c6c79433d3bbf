import {
  type AnalyticsDimension,
  type AnalyticsGranularity,
  type AnalyticsQuery,
  analyticsDimensions,
  analyticsGranularities,
  analyticsQuerySchema,
} from "@rewards/contract";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export const rangePresets = ["last7", "last30", "last90", "thisMonth", "lastMonth", "thisYear"] as const;
export type RangePreset = (typeof rangePresets)[number];
export const defaultPreset: RangePreset = "last30";

export type DayRange = { from: string; to: string };

/** Today's date (YYYY-MM-DD) in a time zone, not the browser's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` after (or before, negative) a day. */
export function addDays(day: string, days: number): string {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return asDay(date);
}

/** A preset's days, counted back from `today`, both ends included. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  switch (preset) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "last90":
      return { from: addDays(today, -89), to: today };
    case "thisMonth":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "lastMonth": {
      const first = asDay(new Date(Date.UTC(year, month - 2, 1)));
      return { from: first, to: asDay(new Date(Date.UTC(year, month - 1, 0))) };
    }
    case "thisYear":
      return { from: `${year}-01-01`, to: today };
  }
}

/** The preset a range is, for today, or "custom". */
export function presetOf(range: DayRange, today: string): RangePreset | "custom" {
  return (
    rangePresets.find((preset) => {
      const days = presetRange(preset, today);
      return days.from === range.from && days.to === range.to;
    }) ?? "custom"
  );
}

export type AnalyticsView = {
  /** The days in the URL, or none: the default preset, counted in the reporting zone. */
  range: DayRange | undefined;
  granularity: AnalyticsGranularity;
  by: AnalyticsDimension;
};

/** Reads the view from the URL; a missing or invalid part takes its default. */
export function parseView(params: URLSearchParams): AnalyticsView {
  const granularity = analyticsGranularities.find((value) => value === params.get("granularity")) ?? "day";
  const by = analyticsDimensions.find((value) => value === params.get("by")) ?? "network";
  const days = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const range = analyticsQuerySchema.safeParse(days).success ? days : undefined;
  return { range, granularity, by };
}

/** The query for a view; undefined until the reporting zone is known when the URL names no days. */
export function viewQuery(
  view: AnalyticsView,
  timeZone: string | undefined,
): Required<AnalyticsQuery> | undefined {
  const range = view.range ?? (timeZone ? presetRange(defaultPreset, todayIn(timeZone)) : undefined);
  return range && { ...range, granularity: view.granularity, by: view.by };
}

/**
 * The page's view, kept in the URL (?from=&to=&granularity=&by=) so it can be linked; `change` sets the
 * parts given and keeps the others.
 */
export function useAnalyticsView(): [
  AnalyticsView,
  (change: Partial<Record<keyof AnalyticsQuery, string>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: Partial<Record<keyof AnalyticsQuery, string>>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) if (value !== undefined) updated.set(key, value);
          return updated;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [parseView(params), change];
}
