import { SimpleGrid } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { formatCount, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { TotalCard } from "./total-card";

/** Sparkline axis headroom (decision 0015). */
export const countHeadroom = 5;
export const revenueHeadroom = 15;

/** All users, revenue, redeems and completed offers, each with its total and its last 7 days. */
export function TotalWidgets({ data }: { data: Dashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
      <TotalCard
        title={t("dashboard.total.users")}
        total={data && formatCount(data.userWidget.users)}
        series={data?.userWidget.usersData}
        format={formatCount}
        headroom={countHeadroom}
        color="blue"
      />
      <TotalCard
        title={t("dashboard.total.revenue")}
        total={data && formatUsd(data.revenueWidget.revenue)}
        series={data?.revenueWidget.revenueData}
        format={formatUsd}
        headroom={revenueHeadroom}
        color="green"
      />
      <TotalCard
        title={t("dashboard.total.redeems")}
        total={data && formatCount(data.redeemWidget.redeemCount)}
        series={data?.redeemWidget.redeemData}
        format={formatCount}
        headroom={countHeadroom}
        color="orange"
      />
      <TotalCard
        title={t("dashboard.total.offers")}
        total={data && formatCount(data.offersWidget.offers)}
        series={data?.offersWidget.offersData}
        format={formatCount}
        headroom={countHeadroom}
        color="violet"
      />
    </SimpleGrid>
  );
}
