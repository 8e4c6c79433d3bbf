import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import type { Analytics } from "@rewards/contract";
import { screenText } from "../../../lib/screen-texts";
import { formatMoney, formatPeriod } from "../format";

/** Revenue, the points' cost and the margin per period. */
export function MoneyChart({ data }: { data: Analytics | undefined }) {
  if (!data) return <Skeleton h={240} radius="md" />;
  const points = data.periods.map((period) => ({
    period: formatPeriod(period.start, data.granularity),
    revenue: period.revenue,
    pointsCostUsd: period.pointsCostUsd,
    margin: period.margin,
  }));
  return (
    <div role="img" aria-label={screenText("analytics.chart.label")}>
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
        valueFormatter={formatMoney}
        yAxisProps={{ width: 72 }}
        series={[
          { name: "revenue", label: screenText("analytics.column.revenue"), color: "teal.6" },
          { name: "margin", label: screenText("analytics.column.margin"), color: "blue.6" },
          // Dashed and drawn last: at a 50% share the cost and the margin are the same line.
          {
            name: "pointsCostUsd",
            label: screenText("analytics.column.pointsCost"),
            color: "orange.6",
            strokeDasharray: "6 4",
          },
        ]}
      />
    </div>
  );
}
