import { Skeleton, Table, Text } from "@mantine/core";
import type { Analytics, AnalyticsPeriod } from "@rewards/contract";
import { formatCount, formatPercent, formatUsd } from "../../../lib/format";
import { type I18nKey, t } from "../../../lib/i18n";
import { formatPeriod } from "../format";

type Row = Omit<AnalyticsPeriod, "start">;

/** Every column of a period, in order: its title and how its figure reads. */
const columns: { key: keyof Row; title: I18nKey; format: (row: Row) => string }[] = [
  { key: "revenue", title: "analytics.column.revenue", format: (row) => formatUsd(row.revenue) },
  {
    key: "pointsIssued",
    title: "analytics.column.pointsIssued",
    format: (row) => formatCount(row.pointsIssued),
  },
  {
    key: "pointsCostUsd",
    title: "analytics.column.pointsCost",
    format: (row) => formatUsd(row.pointsCostUsd),
  },
  { key: "margin", title: "analytics.column.margin", format: (row) => formatUsd(row.margin) },
  { key: "marginPct", title: "analytics.column.marginPct", format: (row) => formatPercent(row.marginPct) },
  { key: "paidUsd", title: "analytics.column.paid", format: (row) => formatUsd(row.paidUsd) },
  {
    key: "paidRedeems",
    title: "analytics.column.paidRedeems",
    format: (row) => formatCount(row.paidRedeems),
  },
  {
    key: "conversions",
    title: "analytics.column.conversions",
    format: (row) => formatCount(row.conversions),
  },
  { key: "reversals", title: "analytics.column.reversals", format: (row) => formatCount(row.reversals) },
  { key: "newUsers", title: "analytics.column.newUsers", format: (row) => formatCount(row.newUsers) },
];

const cells = (row: Row) =>
  columns.map((column) => (
    <Table.Td key={column.key} ta="right" style={{ whiteSpace: "nowrap" }}>
      {column.format(row)}
    </Table.Td>
  ));

/** A row per period, newest last, and the range's totals. */
export function PeriodsTable({ data }: { data: Analytics | undefined }) {
  if (!data) return <Skeleton h={160} radius="md" />;
  return (
    <Table.ScrollContainer minWidth={980} maxHeight={420}>
      <Table striped highlightOnHover stickyHeader fz="sm" aria-label={t("analytics.money.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("analytics.column.period")}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} ta="right" style={{ whiteSpace: "nowrap" }}>
                {t(column.title)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.periods.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text c="dimmed" size="sm" ta="center">
                  {t("analytics.periods.empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {data.periods.map((period) => (
            <Table.Tr key={period.start}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {formatPeriod(period.start, data.granularity)}
              </Table.Td>
              {cells(period)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={600}>
            <Table.Td>{t("analytics.column.total")}</Table.Td>
            {cells(data.totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
