import { Button, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { t } from "../../../lib/i18n";
import { showDone } from "./show-done";

/** A catalog screen's heading, with its Back link and its main action. */
export function CatalogHeader({
  title,
  back,
  action,
}: {
  title: ReactNode;
  back?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm" wrap="wrap">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Group gap="xs">
        {back && (
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t("catalog.back")}
          </Button>
        )}
        {action}
      </Group>
    </Group>
  );
}

/** An id, shortened to its last characters; the whole id is the tooltip. */
export function IdCell({ id }: { id: string }) {
  return (
    <Text span size="sm" ff="monospace" title={id}>
      …{id.slice(-8)}
    </Text>
  );
}

/** A reward's icon at the rewards table's size (50x50). */
export function RewardIcon({ url, name, size = 50 }: { url: string | null; name: string; size?: number }) {
  if (!url) return <Text span>{t("common.none")}</Text>;
  return <Image src={url} alt={t("catalog.iconAlt", { name })} w={size} h={size} fit="contain" radius="sm" />;
}

type BulkDelete = {
  mutate: (ids: string[], options: { onSuccess: (answer: { deleted: number }) => void }) => void;
  isPending: boolean;
};

/** Deletes the selected rows (the lists' Delete All); closes at once when nothing is selected. */
export function BulkDeleteModal<T extends { _id: string }>(props: {
  title: string;
  text: (count: number) => string;
  done: (count: number) => string;
  name: (record: T) => string;
  remove: BulkDelete;
}) {
  return (
    <RequireSelection>
      <RouteModal title={props.title} size="md">
        <BulkDeleteForm {...props} />
      </RouteModal>
    </RequireSelection>
  );
}

function BulkDeleteForm<T extends { _id: string }>({
  text,
  done,
  name,
  remove,
}: {
  text: (count: number) => string;
  done: (count: number) => string;
  name: (record: T) => string;
  remove: BulkDelete;
}) {
  const { selected: selectedNow, clearSelection } = useListOutlet<T>();
  // What was selected when the dialog opened; the list's selection is cleared on success.
  const [selected] = useState(selectedNow);
  const close = useCloseRouteModal();
  const submit = () =>
    remove.mutate(
      selected.map((record) => record._id),
      {
        onSuccess: ({ deleted }) => {
          showDone(done(deleted));
          clearSelection();
          close();
        },
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm">{text(selected.length)}</Text>
      <Text size="sm" c="dimmed">
        {selected.map(name).join(", ")}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button color="red" onClick={submit} loading={remove.isPending}>
          {t("catalog.deleteAll")}
        </Button>
      </Group>
    </Stack>
  );
}

/** A confirmation to delete one record (the rows' Delete action). */
export function ConfirmDelete({
  text,
  pending,
  onConfirm,
}: {
  text: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const close = useCloseRouteModal();
  return (
    <Stack gap="md">
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          {t("catalog.delete")}
        </Button>
      </Group>
    </Stack>
  );
}
