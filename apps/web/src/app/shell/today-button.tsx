import { Button, Popover, Text } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import dayjs from "dayjs";
import { t } from "../../lib/i18n";

/** SPEC 2.1's "Today" button: today's day and month; the popover spells out the full date. */
export function TodayButton() {
  const today = dayjs();
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button variant="light" color="blue" size="compact-md" leftSection={<IconCalendar size={16} />}>
          {t("shell.today")} {today.format("D MMM")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{today.format("dddd, D MMMM YYYY")}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
