import {
  type Dashboard,
  type DashboardRange,
  dashboardEndpoints,
  dashboardSchema,
  messages,
} from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, call } from "../../../lib/api-client";
import { dashboardKeys } from "./keys";

/** The browser's IANA zone: "today" and the 7 daily points are the operator's local days. */
export function clientTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export async function getDashboard(
  { tz, range }: { tz: string; range: DashboardRange },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Dashboard> {
  const answer: unknown = await call(dashboardEndpoints.figures, { query: { tz, range } }, { signal });
  // Every figure on the screen is read from this one object: an answer of another shape is a failed load.
  const parsed = dashboardSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError(500, messages.internal);
  return parsed.data;
}

export function getDashboardQueryOptions(range: DashboardRange, tz = clientTimeZone()) {
  return queryOptions({
    queryKey: dashboardKeys.one(tz, range),
    queryFn: ({ signal }) => getDashboard({ tz, range }, { signal }),
    // Switching ranges keeps the figures on screen, dimmed, until the new ones arrive: no skeleton flash.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery(getDashboardQueryOptions(range));
}
