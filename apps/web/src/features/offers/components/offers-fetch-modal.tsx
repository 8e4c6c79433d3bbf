import type { OfferListEntity } from "@rewards/contract";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { OfferStatusBadge } from "../../../components/status-badges";
import { formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";

/** The selected rows, listed (/dash/offers/fetch). */
export function OffersFetchModal() {
  return (
    <SelectedRecordsModal<OfferListEntity>
      title={t("offers.fetch.title")}
      minWidth={560}
      columns={[
        { title: t("offers.column.offer"), render: (offer) => offer.offerName },
        { title: t("offers.column.network"), render: (offer) => offer.network.toUpperCase() },
        { title: t("offers.column.user"), render: (offer) => offer.userEmail },
        { title: t("offers.column.payout"), render: (offer) => formatUsd(offer.payout), align: "right" },
        { title: t("offers.column.status"), render: (offer) => <OfferStatusBadge status={offer.status} /> },
      ]}
    />
  );
}
