import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type CodeState, codeStates, payoutEndpoints, type RewardCode } from "@rewards/contract";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { Link } from "react-router";
import { DateCell } from "../../../components/date-cell";
import { RevealedCodeModal } from "../../../components/revealed-code-modal";
import { formatDay } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useCanCall } from "../../../lib/permissions";
import { showError } from "../../../lib/show-error";
import { useDeleteCode } from "../api/delete-code";
import { useCodes } from "../api/get-codes";
import { useRevealCode } from "../api/reveal-code";

const pageSize = 20;
const stateColors: Record<CodeState, string> = { available: "green", used: "blue", expired: "gray" };

function RevealAction({ code }: { code: RewardCode }) {
  const reveal = useRevealCode();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => {
          setOpened(true);
          reveal.mutate(code._id);
        }}
        aria-label={`${t("payouts.reveal")} ${code.maskedCode}`}
      >
        {t("payouts.reveal")}
      </Button>
      <RevealedCodeModal
        opened={opened}
        onClose={() => {
          setOpened(false);
          reveal.reset();
        }}
        revealed={reveal.data}
        pending={reveal.isPending}
        error={reveal.error}
      />
    </>
  );
}

function DeleteAction({ code, itemId }: { code: RewardCode; itemId: string }) {
  const remove = useDeleteCode();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const confirm = () =>
    remove.mutate(
      { id: code._id, itemId },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("payouts.delete.done") });
          close();
        },
        onError: (error) => showError(t("payouts.delete.failed"), error),
      },
    );
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={() => setOpened(true)}
        aria-label={`${t("payouts.delete")} ${code.maskedCode}`}
      >
        {t("payouts.delete")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("payouts.delete.title")} centered>
        <Stack gap="md">
          <Text size="sm">{t("payouts.delete.text", { code: code.maskedCode })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("payouts.codes.no")}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t("payouts.delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function columns(itemId: string, canReveal: boolean, canDelete: boolean): DataTableColumn<RewardCode>[] {
  return [
    {
      accessor: "maskedCode",
      title: t("payouts.codes.column.code"),
      render: (code) => (
        <Text span size="sm" ff="monospace">
          {code.maskedCode}
        </Text>
      ),
    },
    {
      accessor: "hasPin",
      title: t("payouts.codes.column.pin"),
      render: (code) => t(code.hasPin ? "payouts.codes.yes" : "payouts.codes.no"),
    },
    {
      accessor: "expiresAt",
      title: t("payouts.codes.column.expires"),
      // A calendar day (YYYY-MM-DD), not a moment: the same day in every zone.
      render: (code) => (code.expiresAt ? formatDay(code.expiresAt) : t("payouts.codes.never")),
    },
    {
      accessor: "state",
      title: t("payouts.codes.column.state"),
      render: (code) => (
        <Badge color={stateColors[code.state]} variant="light" miw="max-content">
          {t(`payouts.state.${code.state}`)}
        </Badge>
      ),
    },
    {
      accessor: "redeemId",
      title: t("payouts.codes.column.redeem"),
      render: (code) =>
        code.redeemId ? (
          <Anchor component={Link} to={paths.redeems.details(code.redeemId)} size="sm">
            {t("payouts.codes.openRedeem")}
          </Anchor>
        ) : null,
    },
    {
      accessor: "createdAt",
      title: t("payouts.codes.column.added"),
      render: (code) => <DateCell iso={code.createdAt} />,
    },
    {
      accessor: "actions",
      title: t("payouts.codes.column.actions"),
      textAlign: "right",
      render: (code) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canReveal && <RevealAction code={code} />}
          {canDelete && code.state !== "used" && <DeleteAction code={code} itemId={itemId} />}
        </Group>
      ),
    },
  ];
}

/** The item's codes, newest first and masked, by state, a page at a time; reveal and delete by role. */
export function CodesTable({ itemId }: { itemId: string }) {
  const [state, setState] = useState<CodeState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const codes = useCodes(itemId, { state, pageNumber: page, pageSize });
  const canReveal = useCanCall(payoutEndpoints.revealCode);
  const canDelete = useCanCall(payoutEndpoints.deleteCode);
  const stateOptions = [
    { value: "", label: t("payouts.codes.filter.all") },
    ...codeStates.map((value) => ({ value, label: t(`payouts.state.${value}`) })),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>{t("payouts.codes.tableTitle")}</Text>
        <Select
          label={t("payouts.codes.filter.state")}
          data={stateOptions}
          value={state ?? ""}
          allowDeselect={false}
          w={180}
          onChange={(value) => {
            setState(value ? (value as CodeState) : undefined);
            setPage(1);
          }}
        />
      </Group>
      <DataTable<RewardCode>
        idAccessor="_id"
        columns={columns(itemId, canReveal, canDelete)}
        records={codes.data?.entities ?? []}
        totalRecords={codes.data?.totalCount ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={setPage}
        fetching={codes.isFetching}
        minHeight={(codes.data?.entities.length ?? 0) === 0 ? 160 : undefined}
        noRecordsText={t("payouts.codes.empty")}
        getPaginationControlProps={(control) => ({ "aria-label": t(`a11y.pagination.${control}`) })}
        styles={{ table: { minWidth: 720 } }}
        // Scrolls sideways on a phone: reachable with Tab even when no row has a link.
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: "region", "aria-label": t("payouts.codes.tableTitle") },
        }}
        pinLastColumn
        verticalSpacing="sm"
        horizontalSpacing="xs"
      />
    </Stack>
  );
}
