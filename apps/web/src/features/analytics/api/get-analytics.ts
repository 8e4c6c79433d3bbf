import { type AnalyticsQuery, analyticsEndpoints, settingsEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useCurrentAppId } from "../../../lib/current-admin";
import { analyticsKeys } from "./keys";

export function getAnalyticsQueryOptions(query: Required<AnalyticsQuery>) {
  return queryOptions({
    queryKey: analyticsKeys.report(query),
    queryFn: ({ signal }) => call(analyticsEndpoints.report, { query }, { signal }),
    // Another range or breakdown keeps the figures on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The report for a range; waits (disabled) until the range is known. */
export function useAnalytics(query: Required<AnalyticsQuery> | undefined) {
  return useQuery({
    ...getAnalyticsQueryOptions(query ?? { from: "", to: "", granularity: "day", by: "network" }),
    enabled: query !== undefined,
  });
}

/**
 * The app's reporting time zone (General settings), whose "today" the range presets start from.
 * Undefined while it loads; UTC, the default, when it cannot be read.
 */
export function useReportingZone(): string | undefined {
  const appId = useCurrentAppId();
  const general = useQuery({
    queryKey: analyticsKeys.zone(appId),
    queryFn: ({ signal }) => call(settingsEndpoints.general, { params: { adminId: appId } }, { signal }),
    select: (config) => config.timeZone,
    enabled: appId !== "",
    retry: false,
  });
  if (general.isError) return "UTC";
  return general.data;
}
