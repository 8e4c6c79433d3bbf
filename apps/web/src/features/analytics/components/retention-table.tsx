import { Skeleton, Table, Text } from "@mantine/core";
import { type Analytics, analyticsCohortWeeks } from "@rewards/contract";
import { formatCount, formatDay } from "../../../lib/format";
import { t } from "../../../lib/i18n";

const weeks = Array.from({ length: analyticsCohortWeeks }, (_, index) => index + 1);

/** A cohort's week: its share of the cohort, shaded by value; blank for a week that has not begun. */
function ShareCell({ active, users }: { active: number | null; users: number }) {
  if (active === null) return <Table.Td />;
  const share = users > 0 ? active / users : 0;
  const percent = Math.round(share * 100);
  return (
    <Table.Td
      ta="right"
      title={`${formatCount(active)} / ${formatCount(users)}`}
      style={{
        // Light teal in light, dark teal in dark (theme.ts): the usual text color keeps 4.5:1 on it.
        background: `color-mix(in srgb, var(--rewards-heat-color) ${Math.min(100, percent * 0.8)}%, transparent)`,
      }}
    >
      {`${percent}%`}
    </Table.Td>
  );
}

/** Users by sign-up week and the share of them who earned in each of the 8 weeks after it. */
export function RetentionTable({ data }: { data: Analytics | undefined }) {
  if (!data) return <Skeleton h={160} radius="md" />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table fz="sm" withColumnBorders aria-label={t("analytics.retention.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ whiteSpace: "nowrap" }}>{t("analytics.retention.week")}</Table.Th>
            <Table.Th ta="right">{t("analytics.column.users")}</Table.Th>
            {weeks.map((week) => (
              <Table.Th key={week} ta="right" style={{ whiteSpace: "nowrap" }}>
                {t("analytics.retention.weekN", { n: week })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.cohorts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={weeks.length + 2}>
                <Text c="dimmed" size="sm" ta="center">
                  {t("analytics.retention.empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {data.cohorts.map((cohort) => (
            <Table.Tr key={cohort.week}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDay(cohort.week)}</Table.Td>
              <Table.Td ta="right">{formatCount(cohort.users)}</Table.Td>
              {weeks.map((week) => (
                <ShareCell key={week} active={cohort.active[week - 1] ?? null} users={cohort.users} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
