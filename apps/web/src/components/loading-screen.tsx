import { Center, Loader, Stack, Text } from "@mantine/core";
import { t } from "../lib/i18n";

export function LoadingScreen({ text }: { text?: string }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {text ?? t("common.loading")}
        </Text>
      </Stack>
    </Center>
  );
}
