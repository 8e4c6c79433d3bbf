import type { Redeem } from "@rewards/contract";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { t } from "../../../lib/i18n";
import { RedeemStatusBadge } from "./redeem-status";
import { shortId } from "./redeems-columns";

/** The selected rows, listed (/dash/redeems/fetch). */
export function RedeemsFetchModal() {
  return (
    <SelectedRecordsModal<Redeem>
      title={t("redeems.fetch.title")}
      minWidth={560}
      columns={[
        {
          title: t("redeems.column.id"),
          render: (redeem) => <span title={redeem._id}>{shortId(redeem._id)}</span>,
        },
        { title: t("redeems.column.receiver"), render: (redeem) => redeem.redeemEmail },
        {
          title: t("redeems.column.reward"),
          render: (redeem) => `${redeem.rewardName} ${redeem.rewardAmount}`,
        },
        {
          title: t("redeems.column.cost"),
          render: (redeem) => t("redeems.points", { count: redeem.rewardCost }),
          align: "right",
        },
        {
          title: t("redeems.column.status"),
          render: (redeem) => <RedeemStatusBadge status={redeem.status} />,
        },
      ]}
    />
  );
}
