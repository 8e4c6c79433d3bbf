import { Text } from "@mantine/core";
import { IconBrandAndroid, IconBrandApple } from "@tabler/icons-react";
import { t } from "../lib/i18n";

/** The platform a user signed up from: an Android or Apple icon, or a dash when unknown. */
export function DeviceIcon({ device }: { device: "android" | "ios" | null }) {
  if (device === "android") {
    return (
      <IconBrandAndroid
        size={20}
        color="var(--mantine-color-green-7)"
        role="img"
        aria-label={t("device.android")}
      />
    );
  }
  if (device === "ios") {
    return <IconBrandApple size={20} role="img" aria-label={t("device.ios")} />;
  }
  return <Text span>{t("common.none")}</Text>;
}
