import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDay } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { errorColor } from "../../../theme";
import { useAnalytics, useReportingZone } from "../api/get-analytics";
import { todayIn, useAnalyticsView, viewQuery } from "../range";
import { ArpuTable } from "./arpu-table";
import { BreakdownTable } from "./breakdown-table";
import { LiabilitiesCards } from "./liabilities-cards";
import { MoneyChart } from "./money-chart";
import { PeriodsTable } from "./periods-table";
import { RangeControls } from "./range-controls";
import { RetentionTable } from "./retention-table";
import { SummaryCards } from "./summary-cards";

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The analytics screen: a range of the app's reporting time zone's days, kept in the URL, and what it
 * earned, cost and paid, broken down, with retention, earning per user and what is owed now.
 */
export function AnalyticsPage() {
  const [view, change] = useAnalyticsView();
  const zone = useReportingZone();
  const query = viewQuery(view, zone);
  const analytics = useAnalytics(query);
  // Any change writes the days shown too, so the address names the whole view even from the default.
  const update = (next: Parameters<typeof change>[0]) =>
    change({ ...(query && { from: query.from, to: query.to }), ...next });
  const error = t("analytics.error");
  useErrorNotification(error, analytics.error);
  const data = analytics.data;
  const shownZone = data?.timeZone ?? zone;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <RangeControls
          range={query}
          today={zone && todayIn(zone)}
          granularity={view.granularity}
          onRange={(range) => update(range)}
          onGranularity={(granularity) => update({ granularity })}
        />
        {shownZone && (
          <Text size="sm" c="dimmed">
            {t("analytics.zone", { zone: shownZone })} ·{" "}
            <Anchor component={Link} to={paths.setting} size="sm">
              {t("analytics.zone.link")}
            </Anchor>
          </Text>
        )}
      </Group>
      {analytics.isError ? (
        <Alert color={errorColor} title={error}>
          <Text size="sm">{analytics.error.message}</Text>
          <Button
            mt="md"
            variant="light"
            color={errorColor}
            leftSection={<IconRefresh size={16} />}
            loading={analytics.isFetching}
            onClick={() => void analytics.refetch()}
          >
            {t("analytics.retry")}
          </Button>
        </Alert>
      ) : (
        <Stack
          gap="md"
          aria-busy={analytics.isFetching}
          style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
        >
          <SummaryCards totals={data?.totals} />
          <Section title={t("analytics.money.title")}>
            <MoneyChart data={data} />
            <PeriodsTable data={data} />
          </Section>
          <Section title={t("analytics.breakdown.title")}>
            <BreakdownTable data={data} by={view.by} onBy={(by) => update({ by })} />
          </Section>
          <Section title={t("analytics.retention.title")} hint={t("analytics.retention.hint")}>
            <RetentionTable data={data} />
          </Section>
          <Section
            title={t("analytics.arpu.title")}
            hint={data && t("analytics.arpu.hint", { day: formatDay(data.to) })}
          >
            <ArpuTable data={data} />
          </Section>
          <Section title={t("analytics.liabilities.title")}>
            <LiabilitiesCards liabilities={data?.liabilities} />
          </Section>
        </Stack>
      )}
    </Stack>
  );
}
