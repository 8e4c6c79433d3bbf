import {
  type Dashboard,
  type DashboardRange,
  dashboardEndpoints,
  dashboardSchema,
  messages,
} from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, call } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/i18n";
import { useLanguageStore } from "../../../lib/language";
import { dashboardKeys } from "./keys";

export async function getDashboard(
  { tz, range }: { tz: string; range: DashboardRange },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Dashboard> {
  const answer: unknown = await call(dashboardEndpoints.figures, { query: { tz, range } }, { signal });
  // Every figure on the screen is read from this one object: an answer of another shape is a failed load.
  const parsed = dashboardSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError(500, translateMessage(messages.internal), {}, "internal");
  return parsed.data;
}

/**
 * The figures of a range of days in `tz`, the app's time zone (the profile's): "today" and the 7 daily
 * points are the same days as every other date the dashboard shows, whatever the browser's zone.
 */
export function getDashboardQueryOptions(range: DashboardRange, tz: string) {
  return queryOptions({
    queryKey: dashboardKeys.one(tz, range),
    queryFn: ({ signal }) => getDashboard({ tz, range }, { signal }),
    // Switching ranges keeps the figures on screen, dimmed, until the new ones arrive: no skeleton flash.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(range: DashboardRange) {
  const timeZone = useLanguageStore((state) => state.timeZone);
  return useQuery(getDashboardQueryOptions(range, timeZone));
}
