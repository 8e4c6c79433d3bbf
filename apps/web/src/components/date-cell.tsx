import { Stack, Text } from "@mantine/core";
import { formatDate, formatTime } from "../lib/format";

/** A table cell's date, with its time beneath it: narrower than one long line. */
export function DateCell({ iso }: { iso: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDate(iso)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatTime(iso)}
      </Text>
    </Stack>
  );
}
