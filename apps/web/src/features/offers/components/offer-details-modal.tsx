import { Anchor, Divider, SimpleGrid, Stack, Title } from "@mantine/core";
import type { OfferDetails } from "@rewards/contract";
import { Link, useParams } from "react-router";
import { CountryFlag } from "../../../components/country-flag";
import { DetailField } from "../../../components/detail-field";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { OfferStatusBadge, UserStatusBadge } from "../../../components/status-badges";
import { formatDateTime, formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useOfferDetails } from "../api/get-offer-details";

function OfferSummary({ offer, user }: OfferDetails) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <DetailField label="offers.details.offer">{offer.offerName}</DetailField>
        <DetailField label="offers.details.network">{offer.network.toUpperCase()}</DetailField>
        <DetailField label="offers.details.status">
          <OfferStatusBadge status={offer.status} />
        </DetailField>
        <DetailField label="offers.details.payout">{formatUsd(offer.payout)}</DetailField>
        <DetailField label="offers.details.points">{offer.points}</DetailField>
        <DetailField label="offers.details.date">{formatDateTime(offer.date)}</DetailField>
        <DetailField label="offers.details.ip">{offer.ip ?? t("common.none")}</DetailField>
        <DetailField label="offers.details.country">
          <CountryFlag code={offer.geo} />
        </DetailField>
        <DetailField label="offers.details.transactionId">{offer.transactionId}</DetailField>
        <DetailField label="offers.details.id">{offer._id}</DetailField>
      </SimpleGrid>
      <Divider />
      <Title order={3} fz="md">
        {t("offers.details.user")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <DetailField label="appUsers.details.email">{user.username}</DetailField>
        <DetailField label="appUsers.details.shareKey">{user.referCode}</DetailField>
        <DetailField label="appUsers.details.credit">{user.points}</DetailField>
        <DetailField label="appUsers.details.status">
          <UserStatusBadge isActive={user.isActive} />
        </DetailField>
      </SimpleGrid>
      <Anchor component={Link} to={paths.appUsers.details(user._id)} size="sm">
        {t("offers.details.openUser")}
      </Anchor>
    </Stack>
  );
}

export function OfferDetailsModal({ id }: { id: string }) {
  const details = useOfferDetails(id);
  useErrorNotification(t("action.loadOfferDetails"), details.error);
  return (
    <RouteModal title={t("offers.details.title")} size="xl">
      {details.isPending && <LoadingBlock />}
      {details.isError && <LoadError action={t("action.loadOfferDetails")} error={details.error} />}
      {details.data && <OfferSummary offer={details.data.offer} user={details.data.user} />}
    </RouteModal>
  );
}

/** The details route: the offer's id comes from the URL. */
export function OfferDetailsRoute() {
  const { id = "" } = useParams();
  return <OfferDetailsModal key={id} id={id} />;
}
