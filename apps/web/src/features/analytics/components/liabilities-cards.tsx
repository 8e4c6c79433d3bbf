import { SimpleGrid } from "@mantine/core";
import type { Analytics } from "@rewards/contract";
import { screenText } from "../../../lib/screen-texts";
import { formatCount, formatMoney } from "../format";
import { FigureCard } from "./summary-cards";

/** What users hold now (available and pending, in points and USD) and the redeems waiting to be paid. */
export function LiabilitiesCards({ liabilities }: { liabilities: Analytics["liabilities"] | undefined }) {
  const held = liabilities && liabilities.availablePoints + liabilities.pendingPoints;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <FigureCard
        title={screenText("analytics.liabilities.held")}
        value={
          liabilities &&
          `${screenText("analytics.points", { count: formatCount(held) })} · ${formatMoney(liabilities.availableUsd + liabilities.pendingUsd)}`
        }
        detail={
          liabilities &&
          screenText("analytics.liabilities.heldDetail", {
            available: formatCount(liabilities.availablePoints),
            pending: formatCount(liabilities.pendingPoints),
          })
        }
      />
      <FigureCard
        title={screenText("analytics.liabilities.pending")}
        value={
          liabilities &&
          `${formatCount(liabilities.pendingRedeems)} · ${formatMoney(liabilities.pendingRedeemsUsd)}`
        }
        detail={
          liabilities &&
          screenText("analytics.liabilities.pendingDetail", {
            points: formatCount(liabilities.pendingRedeemPoints),
          })
        }
      />
    </SimpleGrid>
  );
}
