import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { StockAnswer } from "@rewards/contract";
import { type I18nKey, t } from "../../../lib/i18n";

const figures: { key: keyof StockAnswer; label: I18nKey; color?: string }[] = [
  { key: "available", label: "payouts.stock.available", color: "green" },
  { key: "used", label: "payouts.stock.used" },
  { key: "expired", label: "payouts.stock.expired", color: "dimmed" },
];

/** The item's stock: available, used and expired codes. */
export function StockSummary({ stock }: { stock: StockAnswer | undefined }) {
  return (
    <SimpleGrid cols={3} spacing="sm" aria-label={t("payouts.codes.tableTitle")}>
      {figures.map(({ key, label, color }) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase">
            {t(label)}
          </Text>
          {stock ? (
            <Text fz="xl" fw={600} c={color} data-testid={`stock-${key}`}>
              {stock[key]}
            </Text>
          ) : (
            <Skeleton height={28} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
