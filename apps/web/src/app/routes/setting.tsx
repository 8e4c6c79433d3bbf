import { SettingTabs } from "../../features/settings/components/setting-tabs";

export function SettingRoute() {
  return <SettingTabs />;
}
