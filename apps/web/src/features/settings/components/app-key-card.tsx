import { Card, Stack, Text } from "@mantine/core";
import { CopyableCode } from "../../../components/copyable-code";
import { t } from "../../../lib/i18n";
import { useAppKey } from "../api/app-key";

/** Where operators find the key to build into their mobile app. */
export function AppKeyCard() {
  const appKey = useAppKey();
  return (
    <Card withBorder radius="lg" padding="lg" mb="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("settings.appKey.title")}
        </Text>
        {appKey.data ? (
          <>
            <CopyableCode
              value={appKey.data.appKey}
              copyLabel={t("settings.appKey.copy")}
              copiedLabel={t("network.copied")}
              testId="app-key"
            />
            <Text size="xs" c="dimmed">
              {t("settings.appKey.hint", { header: appKey.data.header })}
            </Text>
          </>
        ) : (
          <Text size="sm" c={appKey.isError ? "red" : "dimmed"}>
            {appKey.isError ? t("settings.appKey.error") : t("settings.appKey.loading")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
