import { Button, Group, Stack, Table } from "@mantine/core";
import type { Redeem } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { t } from "../../../lib/i18n";
import { RedeemStatusBadge } from "./redeem-status";
import { shortId } from "./redeems-columns";

function SelectedRedeems() {
  const { selected } = useListOutlet<Redeem>();
  const close = useCloseRouteModal();
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={560}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("redeems.column.id")}</Table.Th>
              <Table.Th>{t("redeems.column.receiver")}</Table.Th>
              <Table.Th>{t("redeems.column.reward")}</Table.Th>
              <Table.Th ta="right">{t("redeems.column.cost")}</Table.Th>
              <Table.Th>{t("redeems.column.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selected.map((redeem) => (
              <Table.Tr key={redeem._id}>
                <Table.Td ff="monospace" title={redeem._id}>
                  {shortId(redeem._id)}
                </Table.Td>
                <Table.Td>{redeem.redeemEmail}</Table.Td>
                <Table.Td>{`${redeem.rewardName} ${redeem.rewardAmount}`}</Table.Td>
                <Table.Td ta="right">{t("redeems.points", { count: redeem.rewardCost })}</Table.Td>
                <Table.Td>
                  <RedeemStatusBadge status={redeem.status} />
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

/** The selected rows, listed (SPEC 2.6 /dash/redeems/fetch). */
export function RedeemsFetchModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("redeems.fetch.title")}>
        <SelectedRedeems />
      </RouteModal>
    </RequireSelection>
  );
}
