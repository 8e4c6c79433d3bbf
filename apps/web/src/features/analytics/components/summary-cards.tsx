import { Card, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { Analytics } from "@rewards/contract";
import { formatCount, formatPercent, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";

type Figure = { title: string; value: string; detail?: string; color?: string };

/** One figure of the range; a skeleton in its place while it loads. */
export function FigureCard({ title, value, detail, color }: Partial<Figure> & { title: string }) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed" fw={500} lineClamp={1}>
        {title}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} w={96} mt={6} />
      ) : (
        <Text fz={24} fw={600} lh="32px" mt={4} c={color} data-testid="figure-value">
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" h={18} lineClamp={1}>
        {detail}
      </Text>
    </Card>
  );
}

/** The range's totals: revenue, what the points cost, the margin, what was paid, conversions, new users. */
export function SummaryCards({ totals }: { totals: Analytics["totals"] | undefined }) {
  const figures: Figure[] = [
    {
      title: t("analytics.card.revenue"),
      value: formatUsd(totals?.revenue),
    },
    {
      title: t("analytics.card.pointsCost"),
      value: formatUsd(totals?.pointsCostUsd),
      detail: totals && t("analytics.card.pointsIssued", { count: totals.pointsIssued }),
    },
    {
      title: t("analytics.card.margin"),
      value: formatUsd(totals?.margin),
      detail: totals && t("analytics.card.marginPct", { pct: formatPercent(totals.marginPct) }),
      color: totals && totals.margin < 0 ? "red" : undefined,
    },
    {
      title: t("analytics.card.paid"),
      value: formatUsd(totals?.paidUsd),
      detail: totals && t("analytics.card.paidRedeems", { count: totals.paidRedeems }),
    },
    {
      title: t("analytics.card.conversions"),
      value: formatCount(totals?.conversions),
      detail: totals && t("analytics.card.reversals", { count: totals.reversals }),
    },
    { title: t("analytics.card.newUsers"), value: formatCount(totals?.newUsers) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {figures.map((figure) => (
        <FigureCard key={figure.title} {...figure} value={totals ? figure.value : undefined} />
      ))}
    </SimpleGrid>
  );
}
