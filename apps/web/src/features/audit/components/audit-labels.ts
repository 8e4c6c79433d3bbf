import type { AuditEntry } from "@rewards/contract";
import { hasText, t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** A text when this build has one for the key, else the raw value (an action a newer server wrote). */
const textOr = (key: string, raw: string): string => (hasText(key) ? t(key) : raw);

/** An action's name for people; an action this build does not know shows as sent. */
export const actionLabel = (action: string): string => textOr(`audit.action.${action}`, action);

export const recordTypeLabel = (recordType: string): string =>
  textOr(`audit.record.${recordType}`, recordType);

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
    case "rewardMailTemplate":
    case "pushConfig":
      return paths.setting;
    case "notification":
      return paths.notification;
    case "admin":
    case "securityConfig":
      return paths.admins;
    case "member":
    case "invite":
    case "teamSettings":
      return paths.team;
    case "payoutSettings":
      return paths.payouts.settings;
    default:
      return null;
  }
}
