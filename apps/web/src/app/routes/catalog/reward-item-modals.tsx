import { useParams } from "react-router";
import {
  RewardItemCancelModal,
  RewardItemEditModal,
  RewardItemNewModal,
  RewardItemsDeleteModal,
  RewardItemsFetchModal,
} from "../../../features/catalog/components/reward-item-modals";

export function RewardItemNewRoute() {
  const { rewardId = "" } = useParams();
  return <RewardItemNewModal rewardId={rewardId} />;
}

export function RewardItemEditRoute() {
  const { rewardId = "", id = "" } = useParams();
  return <RewardItemEditModal key={id} rewardId={rewardId} id={id} />;
}

export function RewardItemCancelRoute() {
  const { id = "" } = useParams();
  return <RewardItemCancelModal key={id} id={id} />;
}

export function RewardItemsFetchRoute() {
  return <RewardItemsFetchModal />;
}

export function RewardItemsDeleteRoute() {
  return <RewardItemsDeleteModal />;
}
