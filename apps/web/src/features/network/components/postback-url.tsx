import { Stack, Text } from "@mantine/core";
import { CopyableCode } from "../../../components/copyable-code";
import { t } from "../../../lib/i18n";

/** The full URL to paste into the network's dashboard (decision 0011). */
export function PostbackUrl({ url }: { url: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("network.postbackUrl")}
      </Text>
      {url ? (
        <CopyableCode
          value={url}
          copyLabel={t("network.copy")}
          copiedLabel={t("network.copied")}
          testId="postback-url"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("network.postbackAfterSave")}
        </Text>
      )}
    </Stack>
  );
}
