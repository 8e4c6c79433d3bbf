import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import type { Analytics } from "@rewards/contract";
import { formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { formatPeriod } from "../format";

/** Revenue, the points' cost and the margin per period. */
export function MoneyChart({ data }: { data: Analytics | undefined }) {
  // Drawn at once, without the areas' animation, for those who ask their system for less motion.
  const reduceMotion = useReducedMotion();
  if (!data) return <Skeleton h={240} radius="md" />;
  const points = data.periods.map((period) => ({
    period: formatPeriod(period.start, data.granularity),
    revenue: period.revenue,
    pointsCostUsd: period.pointsCostUsd,
    margin: period.margin,
  }));
  return (
    <div role="img" aria-label={t("analytics.chart.label")}>
      <AreaChart
        h={240}
        data={points}
        dataKey="period"
        curveType="monotone"
        withDots={points.length <= 31}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        gridAxis="y"
        tickLine="none"
        fillOpacity={0.15}
        areaProps={{ isAnimationActive: !reduceMotion }}
        valueFormatter={formatUsd}
        yAxisProps={{ width: 72 }}
        series={[
          { name: "revenue", label: t("analytics.column.revenue"), color: "teal.6" },
          { name: "margin", label: t("analytics.column.margin"), color: "blue.6" },
          // Dashed and drawn last: at a 50% share the cost and the margin are the same line.
          {
            name: "pointsCostUsd",
            label: t("analytics.column.pointsCost"),
            color: "orange.6",
            strokeDasharray: "6 4",
          },
        ]}
      />
    </div>
  );
}
