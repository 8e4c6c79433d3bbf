import { SimpleGrid } from "@mantine/core";
import type { Dashboard, DashboardRange } from "@rewards/contract";
import { IconCash, IconGift, IconReceipt, IconUserPlus } from "@tabler/icons-react";
import { formatCount, formatUsd } from "../../../lib/format";
import { type I18nKey, t } from "../../../lib/i18n";
import { rangeInTitle } from "../range";
import { StatCard } from "./stat-card";

type Widget = "offers" | "users" | "redeems" | "revenue";

const todayTitles: Record<Widget, I18nKey> = {
  offers: "dashboard.today.offers",
  users: "dashboard.today.users",
  redeems: "dashboard.today.redeems",
  revenue: "dashboard.today.revenue",
};
const rangeTitles: Record<Widget, I18nKey> = {
  offers: "dashboard.inRange.offers",
  users: "dashboard.inRange.users",
  redeems: "dashboard.inRange.redeems",
  revenue: "dashboard.inRange.revenue",
};

/** "Today's offers" for Today, "Offers (last 7 days)" for another range. */
export function widgetTitle(widget: Widget, range: DashboardRange): string {
  if (range === "today") return t(todayTitles[widget]);
  return t(rangeTitles[widget], { period: t(rangeInTitle[range]) });
}

/** The four figures of the chosen range: offers, new users, redeems and revenue in dollars. */
export function TodayWidgets({ data, range }: { data: Dashboard | undefined; range: DashboardRange }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <StatCard
        title={widgetTitle("offers", range)}
        value={data && formatCount(data.todayOffers)}
        icon={IconGift}
        color="violet"
      />
      <StatCard
        title={widgetTitle("users", range)}
        value={data && formatCount(data.todayUsers)}
        icon={IconUserPlus}
        color="blue"
      />
      <StatCard
        title={widgetTitle("redeems", range)}
        value={data && formatCount(data.todayRedeems)}
        icon={IconReceipt}
        color="orange"
      />
      <StatCard
        title={widgetTitle("revenue", range)}
        value={data && formatUsd(data.todayRevenue)}
        icon={IconCash}
        color="green"
      />
    </SimpleGrid>
  );
}
