import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";

/** DECISIONS "Postback addresses": the full URL to paste into the network's dashboard. */
export function PostbackUrl({ url }: { url: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("network.postbackUrl")}
      </Text>
      {url ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            style={{ flex: 1, wordBreak: "break-all", whiteSpace: "pre-wrap" }}
            data-testid="postback-url"
          >
            {url}
          </Code>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("network.copied") : t("network.copy")}>
                <ActionIcon variant="light" onClick={copy} aria-label={t("network.copy")}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t("network.postbackAfterSave")}
        </Text>
      )}
    </Stack>
  );
}
