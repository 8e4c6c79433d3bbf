import { Anchor, Badge, Group, Pagination, Select, Stack, Table, Text } from "@mantine/core";
import { type LedgerReason, ledgerReasons, type PointsHistoryEntry } from "@rewards/contract";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { usePointsHistory } from "../api/get-points-history";

const pageSize = 10;

const kindLabel = (kind: LedgerReason) => t(`pointsHistory.kind.${kind}`);
const kindOptions = ledgerReasons.map((kind) => ({ value: kind, label: kindLabel(kind) }));

/** What the entry names: the offer, the redeem, the referred user, the adjusting member and their reason. */
function EntryDetails({ entry }: { entry: PointsHistoryEntry }) {
  return (
    <Stack gap={2}>
      {entry.offer && (
        <Anchor component={Link} to={paths.offers.details(entry.offer._id)} size="sm">
          {`${entry.offer.network.toUpperCase()} · ${entry.offer.offerName} · ${entry.offer.transactionId}`}
        </Anchor>
      )}
      {entry.redeem && (
        <Anchor component={Link} to={paths.redeems.details(entry.redeem._id)} size="sm">
          {entry.redeem.rewardName}
        </Anchor>
      )}
      {entry.referredUser && (
        <Text size="sm">
          {t("pointsHistory.from")}{" "}
          <Anchor component={Link} to={paths.appUsers.details(entry.referredUser._id)} size="sm">
            {entry.referredUser.username}
          </Anchor>
        </Text>
      )}
      {entry.actor && <Text size="sm">{t("pointsHistory.by", { member: entry.actor.fullName })}</Text>}
      {entry.note && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {entry.note}
        </Text>
      )}
    </Stack>
  );
}

function EntryRow({ entry }: { entry: PointsHistoryEntry }) {
  const pending = entry.bucket === "pending";
  return (
    <Table.Tr data-kind={entry.kind}>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{kindLabel(entry.kind)}</Text>
          {pending && (
            <Badge size="xs" color="yellow" variant="light">
              {t("pointsHistory.pending")}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600} c={entry.points < 0 ? errorColor : "green"}>
          {entry.points > 0 ? `+${entry.points}` : String(entry.points)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{entry.balanceAfter}</Text>
        {entry.pendingAfter !== 0 && (
          <Text size="xs" c="dimmed">
            {t("pointsHistory.pendingAfter", { count: entry.pendingAfter })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <EntryDetails entry={entry} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The user's points history: every ledger entry, newest first, paged, with the spendable balance after
 * each (and the pending one when points are held), what the entry names, and a filter by kind.
 */
export function AppUserPointsHistory({ userId }: { userId: string }) {
  const [kind, setKind] = useState<LedgerReason | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const history = usePointsHistory(userId, { filter: kind ? { kind } : {}, pageNumber, pageSize });
  const filter = (
    <Select
      label={t("pointsHistory.filter.kind")}
      placeholder={t("pointsHistory.filter.all")}
      data={kindOptions}
      value={kind}
      onChange={(value) => {
        setKind(value as LedgerReason | null);
        setPageNumber(1);
      }}
      clearable
      size="xs"
      w={220}
    />
  );
  if (history.isPending)
    return (
      <Stack gap="xs">
        {filter}
        <LoadingBlock />
      </Stack>
    );
  if (history.isError)
    return (
      <Stack gap="xs">
        {filter}
        <LoadError action={t("pointsHistory.loadFailed")} error={history.error} />
      </Stack>
    );
  const { entities, totalCount } = history.data;
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        {filter}
        <Text size="sm" c="dimmed">
          {t("pointsHistory.total", { count: totalCount })}
        </Text>
      </Group>
      {entities.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("pointsHistory.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped fz="sm" data-testid="points-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("pointsHistory.column.date")}</Table.Th>
                <Table.Th>{t("pointsHistory.column.kind")}</Table.Th>
                <Table.Th ta="right">{t("pointsHistory.column.points")}</Table.Th>
                <Table.Th ta="right">{t("pointsHistory.column.balance")}</Table.Th>
                <Table.Th>{t("pointsHistory.column.details")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entities.map((entry) => (
                <EntryRow key={entry._id} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={pageNumber}
          onChange={setPageNumber}
          size="sm"
          aria-label={t("pointsHistory.section")}
        />
      )}
    </Stack>
  );
}
