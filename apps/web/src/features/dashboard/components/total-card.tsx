import { Box, Card, Group, Skeleton, Text, VisuallyHidden } from "@mantine/core";
import { lazy, Suspense } from "react";
import { t } from "../../../lib/i18n";
import { seriesDayLabel } from "../format";

// recharts is most of the dashboard's weight: the figures render first, the curves when it arrives.
const SeriesChart = lazy(() => import("./series-chart").then((module) => ({ default: module.SeriesChart })));

export const chartHeight = 64;

type TotalCardProps = {
  title: string;
  total: string | undefined;
  /** Seven daily points, 6 Days Ago first; undefined while loading. */
  series: readonly number[] | undefined;
  format: (value: number) => string;
  /** The y axis goes this far above the highest point. */
  headroom: number;
  color: string;
};

/** A total with its 7-day sparkline; the points are also listed for screen readers (and tests). */
export function TotalCard({ title, total, series, format, headroom, color }: TotalCardProps) {
  const points = series?.map((value, index) => `${seriesDayLabel(index, series.length)}: ${format(value)}`);
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Text size="sm" c="dimmed" fw={500} lineClamp={1}>
        {title}
      </Text>
      <Group h={32} mt={4}>
        {total === undefined ? (
          <Skeleton h={22} w={96} />
        ) : (
          <Text fz={24} fw={600} lh="32px" data-testid="widget-value">
            {total}
          </Text>
        )}
      </Group>
      <Box h={chartHeight} mt="sm" title={points?.join(", ")}>
        {series === undefined ? (
          <Skeleton h={chartHeight} />
        ) : (
          <Suspense fallback={<Skeleton h={chartHeight} animate={false} />}>
            <SeriesChart data={series} headroom={headroom} color={color} height={chartHeight} />
          </Suspense>
        )}
      </Box>
      {points && (
        <VisuallyHidden>
          <ul aria-label={t("dashboard.series.label", { title })}>
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </VisuallyHidden>
      )}
    </Card>
  );
}
