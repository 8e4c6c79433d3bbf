import { Skeleton, Table, Text } from "@mantine/core";
import type { Analytics } from "@rewards/contract";
import { formatCount, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { BreakdownKey } from "./breakdown-table";

const headers = [
  "analytics.column.revenue30",
  "analytics.column.users30",
  "analytics.column.arpu30",
  "analytics.column.revenue90",
  "analytics.column.users90",
  "analytics.column.arpu90",
] as const;

/** Average revenue per earning user by country, over 30 and 90 days. */
export function ArpuTable({ data }: { data: Analytics | undefined }) {
  if (!data) return <Skeleton h={120} radius="md" />;
  return (
    <Table.ScrollContainer minWidth={760} maxHeight={420}>
      <Table striped fz="sm" stickyHeader aria-label={t("analytics.arpu.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("analytics.column.country")}</Table.Th>
            {headers.map((key) => (
              <Table.Th key={key} ta="right" style={{ whiteSpace: "nowrap" }}>
                {t(key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.arpu.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={headers.length + 1}>
                <Text c="dimmed" size="sm" ta="center">
                  {t("analytics.arpu.empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {data.arpu.map((row) => (
            <Table.Tr key={row.country}>
              <Table.Td>
                <BreakdownKey value={row.country} by="country" />
              </Table.Td>
              <Table.Td ta="right">{formatUsd(row.revenue30)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.users30)}</Table.Td>
              <Table.Td ta="right">{formatUsd(row.arpu30)}</Table.Td>
              <Table.Td ta="right">{formatUsd(row.revenue90)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.users90)}</Table.Td>
              <Table.Td ta="right">{formatUsd(row.arpu90)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
