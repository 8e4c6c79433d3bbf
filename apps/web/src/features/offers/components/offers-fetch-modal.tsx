import { Button, Group, Stack, Table } from "@mantine/core";
import type { OfferListEntity } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { OfferStatusBadge } from "../../../components/status-badges";
import { formatUsd } from "../../../lib/format";
import { t } from "../../../lib/i18n";

function SelectedOffers() {
  const { selected } = useListOutlet<OfferListEntity>();
  const close = useCloseRouteModal();
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={560}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("offers.column.offer")}</Table.Th>
              <Table.Th>{t("offers.column.network")}</Table.Th>
              <Table.Th>{t("offers.column.user")}</Table.Th>
              <Table.Th ta="right">{t("offers.column.payout")}</Table.Th>
              <Table.Th>{t("offers.column.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selected.map((offer) => (
              <Table.Tr key={offer._id}>
                <Table.Td>{offer.offerName}</Table.Td>
                <Table.Td>{offer.network.toUpperCase()}</Table.Td>
                <Table.Td>{offer.userEmail}</Table.Td>
                <Table.Td ta="right">{formatUsd(offer.payout)}</Table.Td>
                <Table.Td>
                  <OfferStatusBadge status={offer.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The selected rows, listed (SPEC 2.7 /dash/offers/fetch). */
export function OffersFetchModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("offers.fetch.title")}>
        <SelectedOffers />
      </RouteModal>
    </RequireSelection>
  );
}
