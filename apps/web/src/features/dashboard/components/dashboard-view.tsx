import { SimpleGrid, Stack } from "@mantine/core";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useDashboard } from "../api/get-dashboard";
import { useDashboardRange } from "../range";
import { DashboardError } from "./dashboard-error";
import { LastOffers } from "./last-offers";
import { LastRedeems } from "./last-redeems";
import { LastUsers } from "./last-users";
import { LowStockCard } from "./low-stock-card";
import { PayoutCards } from "./payout-cards";
import { TodayWidgets } from "./today-widgets";
import { TotalWidgets } from "./total-widgets";

/**
 * The range's four figures, the four totals with their sparklines, what is owed and paid today, and the
 * three last lists.
 * While loading every card keeps its final size with skeletons; on a range change the previous figures
 * stay, dimmed, until the new ones arrive.
 */
export function DashboardView() {
  const [range] = useDashboardRange();
  const dashboard = useDashboard(range);
  useErrorNotification(t("action.loadDashboard"), dashboard.error);

  if (dashboard.isError) {
    return (
      <DashboardError
        action={t("action.loadDashboard")}
        error={dashboard.error}
        retrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }

  const data = dashboard.data;
  return (
    <Stack
      gap="lg"
      aria-busy={dashboard.isFetching}
      style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
    >
      {/* Titles follow the figures shown, so a dimmed previous range keeps its own titles. */}
      {data && data.lowStock.length > 0 && <LowStockCard items={data.lowStock} />}
      <TodayWidgets data={data} range={data?.range ?? range} />
      <TotalWidgets data={data} />
      <PayoutCards data={data} />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <LastUsers users={data?.LastUsers} />
        <LastOffers offers={data?.LastCompletedOffers} />
        <LastRedeems redeems={data?.LastRedeems} />
      </SimpleGrid>
    </Stack>
  );
}
