import type { RewardItem } from "@rewards/contract";
import { useParams } from "react-router";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useDeleteRewardItem } from "../api/delete-reward-item";
import { useDeleteRewardItems } from "../api/delete-reward-items";
import { useRewardItem } from "../api/get-reward-item";
import { BulkDeleteModal, ConfirmDelete, IdCell } from "./catalog-parts";
import { RewardItemForm } from "./reward-item-form";
import { pointsText } from "./reward-items-columns";
import { showDone } from "./show-done";

export function RewardItemNewModal({ rewardId }: { rewardId: string }) {
  return (
    <RouteModal title={t("catalog.item.newTitle")} size="md">
      <RewardItemForm rewardId={rewardId} />
    </RouteModal>
  );
}

export function RewardItemEditModal({ rewardId, id }: { rewardId: string; id: string }) {
  const item = useRewardItem(id);
  useErrorNotification(t("action.findRewardItem"), item.error);
  return (
    <RouteModal title={t("catalog.item.editTitle")} size="md">
      {item.isPending && <LoadingBlock />}
      {item.isError && <LoadError action={t("action.findRewardItem")} error={item.error} />}
      {item.data && <RewardItemForm key={item.data._id} rewardId={rewardId} item={item.data} />}
    </RouteModal>
  );
}

function DeleteRewardItem({ item }: { item: RewardItem }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const remove = useDeleteRewardItem();
  return (
    <ConfirmDelete
      text={t("catalog.item.deleteText", { name: `${item.cost} (${pointsText(item.points)})` })}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(item._id, {
          onSuccess: () => {
            showDone(t("catalog.item.deleted"));
            clearSelection();
            close();
          },
        })
      }
    />
  );
}

export function RewardItemCancelModal({ id }: { id: string }) {
  const item = useRewardItem(id);
  useErrorNotification(t("action.findRewardItem"), item.error);
  return (
    <RouteModal title={t("catalog.item.deleteTitle")} size="md">
      {item.isPending && <LoadingBlock />}
      {item.isError && <LoadError action={t("action.findRewardItem")} error={item.error} />}
      {item.data && <DeleteRewardItem item={item.data} />}
    </RouteModal>
  );
}

export function RewardItemsFetchModal() {
  return (
    <SelectedRecordsModal<RewardItem>
      title={t("catalog.items.fetchTitle")}
      columns={[
        { title: t("catalog.column.id"), render: (item) => <IdCell id={item._id} /> },
        { title: t("catalog.items.column.amount"), render: (item) => item.cost },
        { title: t("catalog.items.column.cost"), render: (item) => pointsText(item.points) },
      ]}
    />
  );
}

export function RewardItemsDeleteModal() {
  const remove = useDeleteRewardItems();
  return (
    <BulkDeleteModal<RewardItem>
      title={t("catalog.items.deleteAllTitle")}
      text={(count) => t("catalog.items.deleteAllText", { count })}
      done={(count) => t("catalog.items.deletedCount", { count })}
      name={(item) => item.cost}
      remove={remove}
    />
  );
}

/** The new item route: the reward's id comes from the URL. */
export function RewardItemNewRoute() {
  const { rewardId = "" } = useParams();
  return <RewardItemNewModal rewardId={rewardId} />;
}

/** The edit route: the reward's and the item's ids come from the URL. */
export function RewardItemEditRoute() {
  const { rewardId = "", id = "" } = useParams();
  return <RewardItemEditModal key={id} rewardId={rewardId} id={id} />;
}

/** The cancel route: the item's id comes from the URL. */
export function RewardItemCancelRoute() {
  const { id = "" } = useParams();
  return <RewardItemCancelModal key={id} id={id} />;
}
