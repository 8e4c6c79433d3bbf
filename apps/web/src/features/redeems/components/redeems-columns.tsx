import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from "@mantine/core";
import { type Redeem, redeemEndpoints, redeemStatus } from "@rewards/contract";
import { IconCash, IconX } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DateCell } from "../../../components/date-cell";
import { modalLink } from "../../../components/list/route-modal";
import { RowAction } from "../../../components/list/row-action";
import { RiskBadge } from "../../../components/risk-badge";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useCanCall } from "../../../lib/permissions";
import { RedeemStatusBadge } from "./redeem-status";
import { sendPageLink } from "./send-page-link";

/** Ids are UUIDv7, whose first characters are a timestamp shared by neighbours: the end tells them apart. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** A Processing redeem's pay and cancel: shown, but disabled while its payout is under way. */
function UnderWayAction({ label, color, children }: { label: string; color: string; children: ReactNode }) {
  return (
    <Tooltip label={t("payoutState.underWay")}>
      {/* data-disabled rather than disabled: a disabled button gets no hover, so no tooltip saying why. */}
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        aria-disabled
        data-disabled
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function RowActions({ redeem, search }: { redeem: Redeem; search: string }) {
  const canPay = useCanCall(redeemEndpoints.pay);
  const canCancel = useCanCall(redeemEndpoints.cancel);
  if (redeem.status === redeemStatus.processing) {
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {canPay && (
          <UnderWayAction label={t("redeems.action.pay")} color="green">
            <IconCash size={18} />
          </UnderWayAction>
        )}
        {canCancel && (
          <UnderWayAction label={t("redeems.action.cancel")} color="red">
            <IconX size={18} />
          </UnderWayAction>
        )}
        <RowAction kind="details" to={paths.redeems.details(redeem._id)} search={search} />
      </Group>
    );
  }
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canPay && redeem.status !== redeemStatus.sent && (
        <Tooltip label={t("redeems.action.pay")}>
          <ActionIcon
            component={Link}
            {...sendPageLink(redeem._id, search)}
            variant="subtle"
            color="green"
            aria-label={t("redeems.action.pay")}
          >
            <IconCash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canCancel && redeem.status === redeemStatus.pending && (
        <Tooltip label={t("redeems.action.cancel")}>
          <ActionIcon
            component={Link}
            {...modalLink(paths.redeems.cancel(redeem._id), search)}
            variant="subtle"
            color="red"
            aria-label={t("redeems.action.cancel")}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <RowAction kind="details" to={paths.redeems.details(redeem._id)} search={search} />
    </Group>
  );
}

/** The Redeems table's columns; `search` is the list's query string, kept in the modals' URLs. */
export function redeemColumns(search: string): DataTableColumn<Redeem>[] {
  return [
    {
      accessor: "_id",
      title: t("redeems.column.id"),
      render: (redeem) => (
        <Text size="xs" ff="monospace" title={redeem._id}>
          {shortId(redeem._id)}
        </Text>
      ),
    },
    {
      accessor: "userEmail",
      title: t("redeems.column.user"),
      // The request's risk badge (its user's reasons then, plus its own) beside the user: seen before paying.
      render: (redeem) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.appUsers.details(redeem.redeemUser)}
            size="sm"
            truncate="end"
            maw={200}
            display="block"
            title={redeem.userEmail}
          >
            {redeem.userEmail}
          </Anchor>
          <RiskBadge reasons={redeem.riskReasons} />
        </Group>
      ),
    },
    {
      accessor: "redeemEmail",
      title: t("redeems.column.receiver"),
      render: (redeem) => (
        <Text size="sm" truncate="end" maw={200} title={redeem.redeemEmail}>
          {redeem.redeemEmail}
        </Text>
      ),
    },
    {
      accessor: "rewardName",
      title: t("redeems.column.reward"),
      render: (redeem) => (
        <Stack gap={0}>
          <Text size="sm">{redeem.rewardName}</Text>
          <Text size="xs" c="dimmed">
            {redeem.rewardAmount}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: "rewardCost",
      title: t("redeems.column.cost"),
      sortable: true,
      textAlign: "right",
      render: (redeem) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {t("redeems.points", { count: redeem.rewardCost })}
        </Text>
      ),
    },
    {
      accessor: "redeemDate",
      title: t("redeems.column.date"),
      sortable: true,
      render: (redeem) => <DateCell iso={redeem.redeemDate} />,
    },
    {
      accessor: "status",
      title: t("redeems.column.status"),
      render: (redeem) => <RedeemStatusBadge status={redeem.status} />,
    },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (redeem) => <RowActions redeem={redeem} search={search} />,
    },
  ];
}
