import { Anchor, Text } from "@mantine/core";
import type { OfferListEntity } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { CountryFlag } from "../../../components/country-flag";
import { DateCell } from "../../../components/date-cell";
import { RowAction } from "../../../components/list/row-action";
import { OfferStatusBadge } from "../../../components/status-badges";
import { formatCount, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** The Completed Offers table's columns; `search` is the list's query string, kept in the modals' URLs. */
export function offerColumns(search: string): DataTableColumn<OfferListEntity>[] {
  return [
    {
      accessor: "offerName",
      title: t("offers.column.offer"),
      render: (offer) => (
        <Text size="sm" lineClamp={2} miw={200} title={offer.offerName}>
          {offer.offerName}
        </Text>
      ),
    },
    {
      accessor: "network",
      title: t("offers.column.network"),
      render: (offer) => offer.network.toUpperCase(),
    },
    {
      accessor: "userEmail",
      title: t("offers.column.user"),
      render: (offer) => (
        <Anchor
          component={Link}
          to={paths.appUsers.details(offer.userId)}
          size="sm"
          truncate="end"
          maw={220}
          display="block"
          title={offer.userEmail}
        >
          {offer.userEmail}
        </Anchor>
      ),
    },
    {
      accessor: "payout",
      title: t("offers.column.payout"),
      sortable: true,
      textAlign: "right",
      render: (offer) => formatUsd(offer.payout),
    },
    {
      accessor: "points",
      title: t("offers.column.points"),
      textAlign: "right",
      render: (offer) => formatCount(offer.points),
    },
    { accessor: "ip", title: t("offers.column.ip"), render: (offer) => offer.ip ?? t("common.none") },
    {
      accessor: "geo",
      title: t("offers.column.country"),
      textAlign: "center",
      render: (offer) => <CountryFlag code={offer.geo} />,
    },
    {
      accessor: "date",
      title: t("offers.column.date"),
      sortable: true,
      render: (offer) => <DateCell iso={offer.date} />,
    },
    {
      accessor: "status",
      title: t("offers.column.status"),
      render: (offer) => <OfferStatusBadge status={offer.status} />,
    },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (offer) => <RowAction kind="details" to={paths.offers.details(offer._id)} search={search} />,
    },
  ];
}
