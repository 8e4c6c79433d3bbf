import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { StockAnswer } from "@rewards/contract";
import { type ScreenTextKey, screenText } from "../../../lib/screen-texts";

const figures: { key: keyof StockAnswer; label: ScreenTextKey; color?: string }[] = [
  { key: "available", label: "payouts.stock.available", color: "green" },
  { key: "used", label: "payouts.stock.used" },
  { key: "expired", label: "payouts.stock.expired", color: "dimmed" },
];

/** The item's stock: available, used and expired codes. */
export function StockSummary({ stock }: { stock: StockAnswer | undefined }) {
  return (
    <SimpleGrid cols={3} spacing="sm" aria-label={screenText("payouts.codes.tableTitle")}>
      {figures.map(({ key, label, color }) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase">
            {screenText(label)}
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
