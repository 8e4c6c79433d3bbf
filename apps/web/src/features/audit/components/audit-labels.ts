import type { AuditEntry } from "@rewards/contract";
import en from "../../../i18n/en.json";
import { type I18nKey, t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

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
  switch (entry.recordType) {
    case "user":
      return paths.appUsers.details(id);
    case "redeem":
      return paths.redeems.details(id);
    case "country":
      return paths.catalog.rewards(id);
    case "reward":
      return paths.catalog.rewardItems(id);
    case "giveaway":
      return paths.giveaway;
    case "network":
    case "nativeAds":
      return paths.network.list;
    case "appSetting":
    case "socialConfig":
    case "mailConfig":
    case "generalConfig":
    case "pushConfig":
      return paths.setting;
    case "notification":
      return paths.notification;
    case "admin":
    case "securityConfig":
      return paths.admins;
    default:
      return null;
  }
}
