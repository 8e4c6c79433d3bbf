import type { AuditEntry } from "@rewards/contract";
import en from "../../../i18n/en.json";
import { type I18nKey, t } from "../../../lib/i18n";

// The keys en.json has, to tell a known action from one a newer server wrote, without a second list.
const labels: Record<string, string> = en;

/** An action's name for people; an action this build does not know shows as sent. */
export function actionLabel(action: string): string {
  const key = `audit.action.${action}` as I18nKey;
  return key in labels ? t(key) : action;
}

export function recordTypeLabel(recordType: string): string {
  const key = `audit.record.${recordType}` as I18nKey;
  return key in labels ? t(key) : recordType;
}

/** Where a record's own screen is; null when it has none (a reward item) or the entry deleted it. */
export function recordPath(entry: Pick<AuditEntry, "action" | "recordType" | "recordId">): string | null {
  const id = entry.recordId;
  if (!id || entry.action.endsWith(".delete")) return null;
  const encoded = encodeURIComponent(id);
  switch (entry.recordType) {
    case "user":
      return `/dash/customers/${encoded}/details`;
    case "redeem":
      return `/dash/redeems/${encoded}/details`;
    case "country":
      return `/dash/countries/${encoded}/add`;
    case "reward":
      return `/dash/countries/rewards/${encoded}/add`;
    case "giveaway":
      return "/dash/giveaway";
    case "network":
    case "nativeAds":
      return "/dash/network";
    case "appSetting":
    case "socialConfig":
    case "mailConfig":
    case "generalConfig":
    case "pushConfig":
      return "/dash/setting";
    case "notification":
      return "/dash/notification";
    case "admin":
    case "securityConfig":
      return "/dash/admins";
    default:
      return null;
  }
}
