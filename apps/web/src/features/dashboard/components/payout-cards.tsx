import { Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { type Dashboard, fulfilments } from "@rewards/contract";
import { formatCount, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";

const points = (count: number) => t("dashboardPayouts.liabilities.points", { points: count });

/** What the app owes its users: spendable points and held ones, each with its value in dollars. */
function LiabilitiesCard({ liabilities }: { liabilities: Dashboard["liabilities"] | undefined }) {
  const title = t("dashboardPayouts.liabilities.title");
  const rows = liabilities && [
    {
      key: "available",
      label: t("dashboardPayouts.liabilities.available"),
      points: liabilities.availablePoints,
      usd: liabilities.availableUsd,
    },
    {
      key: "pending",
      label: t("dashboardPayouts.liabilities.pending"),
      points: liabilities.pendingPoints,
      usd: liabilities.pendingUsd,
    },
  ];
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" fw={600} mb="md">
        {title}
      </Title>
      {rows ? (
        <SimpleGrid cols={2}>
          {rows.map((row) => (
            <Stack key={row.key} gap={2} data-testid={`liabilities-${row.key}`}>
              <Text size="sm" c="dimmed" fw={500}>
                {row.label}
              </Text>
              <Text fz={22} fw={600}>
                {points(row.points)}
              </Text>
              <Text size="sm">{formatUsd(row.usd)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Skeleton h={72} />
      )}
    </Card>
  );
}

/** Redeems paid today, by how they were paid: every method shows, 0 when none. */
function PayoutsTodayCard({ payouts }: { payouts: Dashboard["payoutsToday"] | undefined }) {
  const title = t("dashboardPayouts.today.title");
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" fw={600} mb="md">
        {title}
      </Title>
      {payouts ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("dashboardPayouts.today.method")}</Table.Th>
              <Table.Th ta="right">{t("dashboardPayouts.today.count")}</Table.Th>
              <Table.Th ta="right">{t("dashboardPayouts.today.points")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fulfilments.map((method) => {
              const row = payouts.find((payout) => payout.method === method);
              return (
                <Table.Tr key={method}>
                  <Table.Td>{t(`dashboardPayouts.method.${method}`)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row?.count ?? 0)}</Table.Td>
                  <Table.Td ta="right">{points(row?.points ?? 0)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : (
        <Skeleton h={120} />
      )}
    </Card>
  );
}

/** The payout figures: what is owed and what was paid today. */
export function PayoutCards({ data }: { data: Dashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <LiabilitiesCard liabilities={data?.liabilities} />
      <PayoutsTodayCard payouts={data?.payoutsToday} />
    </SimpleGrid>
  );
}
