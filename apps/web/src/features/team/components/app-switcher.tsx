import { Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useMemberApps, useSwitchApp } from "../api/member-apps";

/** The header's app switcher: shown only to an account that belongs to more than one app. */
export function AppSwitcher() {
  const apps = useMemberApps().data?.apps ?? [];
  const appId = useAuthStore((state) => state.user?.appId);
  const navigate = useNavigate();
  const switchApp = useSwitchApp((switched) => {
    const name = apps.find((app) => app.appId === switched)?.appName ?? "";
    notifications.show({ color: "green", message: t("team.switcher.switched", { app: name }) });
    void navigate(paths.dashboard);
  });
  if (apps.length < 2) return null;
  return (
    <Select
      size="xs"
      w={180}
      aria-label={t("team.switcher.label")}
      data={apps.map((app) => ({ value: app.appId, label: app.appName }))}
      value={appId ?? null}
      allowDeselect={false}
      disabled={switchApp.isPending}
      onChange={(next) => {
        if (!next || next === appId) return;
        switchApp.mutate(next);
      }}
    />
  );
}
