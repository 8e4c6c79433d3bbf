import { Group, SegmentedControl, Skeleton, Stack, Table, Text, Tooltip } from "@mantine/core";
import { type Analytics, type AnalyticsDimension, analyticsDimensions } from "@rewards/contract";
import { CountryFlag } from "../../../components/country-flag";
import { formatCount, formatPercent, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";

/** A breakdown value: a country with its flag; an unknown one as "Unknown". */
export function BreakdownKey({ value, by }: { value: string; by: AnalyticsDimension }) {
  if (value === "")
    return (
      <Text span size="sm" c="dimmed">
        {t("analytics.unknown")}
      </Text>
    );
  if (by !== "country")
    return (
      <Text span size="sm">
        {value}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <CountryFlag code={value} />
      <Text span size="sm">
        {value.toUpperCase()}
      </Text>
    </Group>
  );
}

/** "≈ 1,234", with a tooltip: distinct users are estimates. */
export function EstimatedUsers({ count }: { count: number }) {
  return (
    <Tooltip label={t("analytics.users.estimate")}>
      <Text span size="sm" style={{ cursor: "help", whiteSpace: "nowrap" }}>
        ≈ {formatCount(count)}
      </Text>
    </Tooltip>
  );
}

const headers = [
  "analytics.column.conversions",
  "analytics.column.revenue",
  "analytics.column.averagePayout",
  "analytics.column.reversals",
  "analytics.column.reversalRate",
  "analytics.column.users",
  "analytics.column.pointsIssued",
] as const;

type BreakdownProps = {
  data: Analytics | undefined;
  by: AnalyticsDimension;
  onBy: (by: AnalyticsDimension) => void;
};

/** The range by network, country, offer or platform: the top values by revenue. */
export function BreakdownTable({ data, by, onBy }: BreakdownProps) {
  // A dimmed previous answer keeps its own dimension until the new one arrives.
  const shownBy = data?.by ?? by;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t("analytics.breakdown.by")}
        value={by}
        onChange={(value) => onBy(value as AnalyticsDimension)}
        data={analyticsDimensions.map((value) => ({ value, label: t(`analytics.by.${value}`) }))}
        style={{ alignSelf: "flex-start" }}
      />
      {!data ? (
        <Skeleton h={160} radius="md" />
      ) : (
        <Table.ScrollContainer minWidth={760} maxHeight={480}>
          <Table striped highlightOnHover stickyHeader fz="sm" aria-label={t("analytics.breakdown.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`analytics.by.${shownBy}`)}</Table.Th>
                {headers.map((key) => (
                  <Table.Th key={key} ta="right" style={{ whiteSpace: "nowrap" }}>
                    {t(key)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.breakdown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={headers.length + 1}>
                    <Text c="dimmed" size="sm" ta="center">
                      {t("analytics.breakdown.empty")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.breakdown.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td maw={320}>
                    <BreakdownKey value={row.key} by={shownBy} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.conversions)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(row.revenue)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(row.averagePayout)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.reversals)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(row.reversalRate)}</Table.Td>
                  <Table.Td ta="right">
                    <EstimatedUsers count={row.users} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.pointsIssued)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.breakdownOmitted > 0 && (
        <Text size="sm" c="dimmed">
          {t("analytics.breakdown.omitted", { count: data.breakdownOmitted })}
        </Text>
      )}
    </Stack>
  );
}
