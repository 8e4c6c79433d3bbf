import { Group, SegmentedControl, Select, TextInput } from "@mantine/core";
import { type AnalyticsGranularity, analyticsGranularities, analyticsQuerySchema } from "@rewards/contract";
import { useEffect, useState } from "react";
import { t } from "../../../lib/i18n";
import { type DayRange, presetOf, presetRange, type RangePreset, rangePresets } from "../range";

type RangeControlsProps = {
  /** The days shown; undefined while the reporting zone loads. */
  range: DayRange | undefined;
  /** Today in the reporting zone, for the presets. */
  today: string | undefined;
  granularity: AnalyticsGranularity;
  onRange: (range: DayRange) => void;
  onGranularity: (granularity: AnalyticsGranularity) => void;
};

/** A date input that reports a complete, valid range only. */
function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      type="date"
      label={label}
      value={text}
      w={{ base: "calc(50% - 6px)", xs: 160 }}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange(event.currentTarget.value);
      }}
    />
  );
}

/** The range (a preset or two dates) and the granularity. */
export function RangeControls({ range, today, granularity, onRange, onGranularity }: RangeControlsProps) {
  const preset = range && today ? presetOf(range, today) : undefined;
  const choose = (from: string, to: string) => {
    if (analyticsQuerySchema.safeParse({ from, to }).success) onRange({ from, to });
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t("analytics.range")}
        w={{ base: "100%", xs: 180 }}
        allowDeselect={false}
        value={preset ?? null}
        disabled={!today}
        data={[
          ...rangePresets.map((value) => ({ value, label: t(`analytics.range.${value}`) })),
          { value: "custom", label: t("analytics.range.custom"), disabled: true },
        ]}
        onChange={(value) => {
          if (today && value && value !== "custom") onRange(presetRange(value as RangePreset, today));
        }}
      />
      <DayInput
        label={t("analytics.range.from")}
        value={range?.from ?? ""}
        onChange={(from) => choose(from, range?.to ?? from)}
      />
      <DayInput
        label={t("analytics.range.to")}
        value={range?.to ?? ""}
        onChange={(to) => choose(range?.from ?? to, to)}
      />
      <SegmentedControl
        aria-label={t("analytics.granularity")}
        value={granularity}
        onChange={(value) => onGranularity(value as AnalyticsGranularity)}
        data={analyticsGranularities.map((value) => ({
          value,
          label: t(`analytics.granularity.${value}`),
        }))}
      />
    </Group>
  );
}
