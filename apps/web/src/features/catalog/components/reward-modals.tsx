import type { Reward } from "@rewards/contract";
import { useParams } from "react-router";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useDeleteReward } from "../api/delete-reward";
import { useDeleteRewards } from "../api/delete-rewards";
import { useReward } from "../api/get-reward";
import { BulkDeleteModal, ConfirmDelete, IdCell, RewardIcon } from "./catalog-parts";
import { RewardForm } from "./reward-form";
import { showDone } from "./show-done";

/** …/{countryId}/add/new: create a reward in the country. */
export function RewardNewModal({ countryId }: { countryId: string }) {
  return (
    <RouteModal title={t("catalog.reward.newTitle")} size="lg">
      <RewardForm countryId={countryId} />
    </RouteModal>
  );
}

/** …/{countryId}/add/{_id}/edit. */
export function RewardEditModal({ countryId, id }: { countryId: string; id: string }) {
  const reward = useReward(id);
  useErrorNotification(t("action.findReward"), reward.error);
  return (
    <RouteModal title={t("catalog.reward.editTitle")} size="lg">
      {reward.isPending && <LoadingBlock />}
      {reward.isError && <LoadError action={t("action.findReward")} error={reward.error} />}
      {reward.data && <RewardForm key={reward.data._id} countryId={countryId} reward={reward.data} />}
    </RouteModal>
  );
}

function DeleteReward({ reward }: { reward: Reward }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const remove = useDeleteReward();
  return (
    <ConfirmDelete
      text={t("catalog.reward.deleteText", { name: reward.name })}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(reward._id, {
          onSuccess: () => {
            showDone(t("catalog.reward.deleted"));
            clearSelection();
            close();
          },
        })
      }
    />
  );
}

/** …/{countryId}/add/{_id}/cancel: delete one reward, after a confirmation. */
export function RewardCancelModal({ id }: { id: string }) {
  const reward = useReward(id);
  useErrorNotification(t("action.findReward"), reward.error);
  return (
    <RouteModal title={t("catalog.reward.deleteTitle")} size="md">
      {reward.isPending && <LoadingBlock />}
      {reward.isError && <LoadError action={t("action.findReward")} error={reward.error} />}
      {reward.data && <DeleteReward reward={reward.data} />}
    </RouteModal>
  );
}

/** …/{countryId}/add/fetch: the selected rewards. */
export function RewardsFetchModal() {
  return (
    <SelectedRecordsModal<Reward>
      title={t("catalog.rewards.fetchTitle")}
      columns={[
        { title: t("catalog.column.id"), render: (reward) => <IdCell id={reward._id} /> },
        { title: t("catalog.rewards.column.name"), render: (reward) => reward.name },
        {
          title: t("catalog.rewards.column.icon"),
          render: (reward) => <RewardIcon url={reward.iconUrl} name={reward.name} size={32} />,
        },
        { title: t("catalog.rewards.column.priority"), render: (reward) => reward.order },
      ]}
    />
  );
}

/** …/{countryId}/add/deleteRewards: delete the selected rewards. */
export function RewardsDeleteModal() {
  const remove = useDeleteRewards();
  return (
    <BulkDeleteModal<Reward>
      title={t("catalog.rewards.deleteAllTitle")}
      text={(count) => t("catalog.rewards.deleteAllText", { count })}
      done={(count) => t("catalog.rewards.deletedCount", { count })}
      name={(reward) => reward.name}
      remove={remove}
    />
  );
}

/** The new reward route: the country's id comes from the URL. */
export function RewardNewRoute() {
  const { countryId = "" } = useParams();
  return <RewardNewModal countryId={countryId} />;
}

/** The edit route: the country's and the reward's ids come from the URL. */
export function RewardEditRoute() {
  const { countryId = "", id = "" } = useParams();
  return <RewardEditModal key={id} countryId={countryId} id={id} />;
}

/** The cancel route: the reward's id comes from the URL. */
export function RewardCancelRoute() {
  const { id = "" } = useParams();
  return <RewardCancelModal key={id} id={id} />;
}
