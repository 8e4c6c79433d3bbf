import { Badge, Button, Group, NumberInput, Popover, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type HoldState, type PointHold, payoutEndpoints } from "@rewards/contract";
import { useState } from "react";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";
import { showError } from "../../../lib/show-error";
import { errorColor } from "../../../theme";
import { useExtendHold, useReleaseHold, useUserHolds } from "../api/holds";

const stateColors: Record<HoldState, string> = { held: "yellow", released: "green", reversed: errorColor };

function ExtendHold({ hold }: { hold: PointHold }) {
  const extend = useExtendHold();
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState<number | string>(7);
  const valid = typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= 180;
  const submit = () =>
    extend.mutate(
      { holdId: hold._id, body: { days: Number(days) } },
      {
        onSuccess: (extended) => {
          setOpened(false);
          notifications.show({
            color: "green",
            message: t("holds.extended", { date: formatDateTime(extended.releaseAt) }),
          });
        },
        onError: (error) => showError(t("holds.failed"), error),
      },
    );
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onClick={() => setOpened((open) => !open)}>
          {t("holds.extend")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <NumberInput
            label={t("holds.extend.days")}
            value={days}
            onChange={setDays}
            min={1}
            max={180}
            allowDecimal={false}
            size="xs"
            w={140}
          />
          <Button size="xs" onClick={submit} disabled={!valid} loading={extend.isPending}>
            {t("holds.extend")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ReleaseHold({ hold }: { hold: PointHold }) {
  const release = useReleaseHold();
  return (
    <Button
      size="compact-xs"
      color="green"
      loading={release.isPending}
      // The promise, not mutate()'s callbacks: the refreshed holds show this one released, which removes
      // this button, and a removed button's callbacks never run (the message was lost under load).
      onClick={() =>
        release.mutateAsync(hold._id).then(
          (released) =>
            notifications.show({
              color: "green",
              message: t("holds.released", { count: released.points }),
            }),
          (error: unknown) => showError(t("holds.failed"), error),
        )
      }
    >
      {t("holds.release")}
    </Button>
  );
}

/**
 * The user's held credits ("Held earnings"): points waiting for their release date, with why they are held.
 * A member who may moderate users releases one now or holds it longer; the user's balances refresh after.
 */
export function AppUserHoldsSection({ userId }: { userId: string }) {
  const holds = useUserHolds(userId);
  const canModerate = useCanCall(payoutEndpoints.releaseHold);
  if (holds.isPending) return <LoadingBlock />;
  if (holds.isError) return <LoadError action={t("holds.loadFailed")} error={holds.error} />;
  const entities = holds.data.entities ?? [];
  if (entities.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("holds.empty")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped fz="sm" data-testid="user-holds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t("holds.column.points")}</Table.Th>
            <Table.Th>{t("holds.column.network")}</Table.Th>
            <Table.Th>{t("holds.column.releaseAt")}</Table.Th>
            <Table.Th>{t("holds.column.status")}</Table.Th>
            <Table.Th>{t("holds.column.reason")}</Table.Th>
            {canModerate && <Table.Th>{t("holds.column.actions")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entities.map((hold) => (
            <Table.Tr key={hold._id}>
              <Table.Td ta="right">{hold.points}</Table.Td>
              <Table.Td>{hold.network?.toUpperCase() ?? ""}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(hold.releaseAt)}</Table.Td>
              <Table.Td>
                <Badge color={stateColors[hold.status]} variant="light" miw="max-content">
                  {t(`holds.status.${hold.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{hold.reason}</Table.Td>
              {canModerate && (
                <Table.Td>
                  {hold.status === "held" && (
                    <Group gap={6} wrap="nowrap">
                      <ReleaseHold hold={hold} />
                      <ExtendHold hold={hold} />
                    </Group>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
