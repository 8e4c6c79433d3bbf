import { SimpleGrid } from "@mantine/core";
import type { Analytics } from "@rewards/contract";
import { formatCount, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { FigureCard } from "./summary-cards";

/** What users hold now (available and pending, in points and USD) and the redeems waiting to be paid. */
export function LiabilitiesCards({ liabilities }: { liabilities: Analytics["liabilities"] | undefined }) {
  const held = liabilities && liabilities.availablePoints + liabilities.pendingPoints;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <FigureCard
        title={t("analytics.liabilities.held")}
        value={
          liabilities &&
          `${t("analytics.points", { count: formatCount(held) })} · ${formatUsd(liabilities.availableUsd + liabilities.pendingUsd)}`
        }
        detail={
          liabilities &&
          t("analytics.liabilities.heldDetail", {
            available: formatCount(liabilities.availablePoints),
            pending: formatCount(liabilities.pendingPoints),
          })
        }
      />
      <FigureCard
        title={t("analytics.liabilities.pending")}
        value={
          liabilities &&
          `${formatCount(liabilities.pendingRedeems)} · ${formatUsd(liabilities.pendingRedeemsUsd)}`
        }
        detail={
          liabilities &&
          t("analytics.liabilities.pendingDetail", {
            points: formatCount(liabilities.pendingRedeemPoints),
          })
        }
      />
    </SimpleGrid>
  );
}
