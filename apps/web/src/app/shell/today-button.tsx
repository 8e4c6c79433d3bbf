import { Button, Menu } from "@mantine/core";
import { dashboardRanges } from "@rewards/contract";
import { IconCalendar, IconCheck, IconChevronDown } from "@tabler/icons-react";
import { rangeNames, useDashboardRange } from "../../features/dashboard/range";
import { formatDayMonth, formatFullDate } from "../../lib/format";
import { t } from "../../lib/i18n";

/**
 * The "Today" button: the range of the dashboard's "today" widgets (docs/features/dashboard.md). It shows on
 * every page: Today with the day and month by default, the chosen range's name otherwise. The choice
 * lives in the dashboard's URL, so choosing a range from another page opens the dashboard with it.
 */
export function TodayButton() {
  const [range, chooseRange] = useDashboardRange();
  const label =
    range === "today"
      ? `${t("shell.today")} ${formatDayMonth(new Date().toISOString())}`
      : t(rangeNames[range]);

  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="light"
          color="blue"
          size="compact-md"
          leftSection={<IconCalendar size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{formatFullDate(new Date().toISOString())}</Menu.Label>
        {dashboardRanges.map((option) => (
          <Menu.Item
            key={option}
            onClick={() => chooseRange(option)}
            rightSection={option === range ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={option === range ? "true" : undefined}
            fw={option === range ? 600 : undefined}
          >
            {t(rangeNames[option])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
