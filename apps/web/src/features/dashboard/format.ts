import { t } from "../../lib/i18n";

/** The seven points' names, oldest first: "6 Days Ago" … "Yesterday", "Today". */
export function seriesDayLabel(index: number, length = 7): string {
  const daysAgo = length - 1 - index;
  if (daysAgo === 0) return t("dashboard.day.today");
  if (daysAgo === 1) return t("dashboard.day.yesterday");
  return t("dashboard.day.ago", { count: daysAgo });
}
