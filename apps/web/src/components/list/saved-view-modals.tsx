import { Button, Group, Modal, Stack, Switch, Text, TextInput } from "@mantine/core";
import { type SavedView, type ViewList, viewLimits } from "@rewards/contract";
import { type FormEvent, useState } from "react";
import { useReturnFocus } from "../../lib/focus";
import { t } from "../../lib/i18n";
import { showError } from "../../lib/show-error";
import { useDeleteView, useSaveView } from "./saved-views-api";

type SaveProps = {
  list: ViewList;
  state: Record<string, string>;
  /** Whether the member's role may share a view with the team (owners and admins). */
  canShare: boolean;
  onClose: () => void;
};

/** "Save view": a name, and for owners and admins a switch to share it with the team. */
export function SaveViewModal({ list, state, canShare, onClose }: SaveProps) {
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveView();
  useReturnFocus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t("views.nameRequired"));
      return;
    }
    save.mutate(
      { list, name: name.trim(), shared: canShare && shared, state },
      {
        onSuccess: onClose,
        onError: (failure) => setError(failure instanceof Error ? failure.message : String(failure)),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("views.saveTitle")}
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("views.name")}
            placeholder={t("views.namePlaceholder")}
            value={name}
            maxLength={viewLimits.nameLength}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            required
          />
          {canShare && (
            <Switch
              label={t("views.share")}
              description={t("views.shareHint")}
              checked={shared}
              onChange={(event) => setShared(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type DeleteProps = { list: ViewList; view: SavedView; onClose: () => void };

/** Asks before deleting a saved view; the list's rows are not touched. */
export function DeleteViewModal({ list, view, onClose }: DeleteProps) {
  const remove = useDeleteView(list);
  useReturnFocus();
  const confirm = () =>
    remove.mutate(view._id, {
      onSuccess: onClose,
      onError: (failure) => showError(t("views.deleteFailed"), failure),
    });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("views.deleteTitle")}
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      <Stack>
        <Text size="sm">{t("views.deleteConfirm", { name: view.name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t("views.deleteAction")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
