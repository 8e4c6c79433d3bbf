import { useId } from "react";
import { Area, AreaChart, ResponsiveContainer, YAxis } from "recharts";

/** The y axis reaches the series' highest point plus a headroom, from 0. */
export function seriesDomain(data: readonly number[], headroom: number): [number, number] {
  return [0, Math.max(0, ...data) + headroom];
}

type SeriesChartProps = { data: readonly number[]; headroom: number; color: string; height: number };

/**
 * A sparkline drawn with recharts, as Mantine's Sparkline is, but with a y axis whose domain carries
 * the headroom (Sparkline has no axis props). Loaded lazily: recharts is the dashboard's heaviest part.
 */
export function SeriesChart({ data, headroom, color, height }: SeriesChartProps) {
  const gradientId = `series-${useId().replace(/[^\w-]/g, "")}`;
  const stroke = `var(--mantine-color-${color}-filled)`;
  const points = data.map((value, index) => ({ index, value }));
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 240, height }}>
      <AreaChart data={points} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={stroke} stopOpacity={0.45} />
            <stop offset="100%" stopColor={stroke} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <YAxis hide domain={seriesDomain(data, headroom)} allowDataOverflow />
        <Area
          dataKey="value"
          type="monotone"
          stroke={stroke}
          strokeWidth={2}
          fill={`url(#${gradientId})`}
          isAnimationActive={false}
          activeDot={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
