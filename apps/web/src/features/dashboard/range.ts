import { type DashboardRange, dashboardRanges } from "@rewards/contract";
import { useCallback } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { I18nKey } from "../../lib/i18n";
import { paths } from "../../lib/paths";

export const defaultRange: DashboardRange = "today";

/** The range's name in the choice and on the subheader button. */
export const rangeNames: Record<DashboardRange, I18nKey> = {
  today: "dashboard.range.today",
  yesterday: "dashboard.range.yesterday",
  last7: "dashboard.range.last7",
  last30: "dashboard.range.last30",
  thisMonth: "dashboard.range.thisMonth",
};

/** The range as it reads inside a widget title: "Offers (last 7 days)". */
export const rangeInTitle: Record<Exclude<DashboardRange, "today">, I18nKey> = {
  yesterday: "dashboard.period.yesterday",
  last7: "dashboard.period.last7",
  last30: "dashboard.period.last30",
  thisMonth: "dashboard.period.thisMonth",
};

export function parseRange(value: string | null): DashboardRange {
  return dashboardRanges.find((range) => range === value) ?? defaultRange;
}

/** The dashboard's address for a range; Today is the default and stays out of the URL. */
export function dashboardHref(range: DashboardRange): string {
  return range === defaultRange ? paths.dashboard : `${paths.dashboard}?range=${range}`;
}

/**
 * The range of the "today" widgets, kept in the dashboard's URL (?range=last7) so it survives a reload
 * and can be shared. Off the dashboard the range is Today; choosing one goes to the dashboard.
 */
export function useDashboardRange(): [DashboardRange, (range: DashboardRange) => void] {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const range = pathname === paths.dashboard ? parseRange(searchParams.get("range")) : defaultRange;
  const choose = useCallback((next: DashboardRange) => navigate(dashboardHref(next)), [navigate]);
  return [range, choose];
}
