import { useParams } from "react-router";
import {
  RewardCancelModal,
  RewardEditModal,
  RewardNewModal,
  RewardsDeleteModal,
  RewardsFetchModal,
} from "../../../features/catalog/components/reward-modals";

export function RewardNewRoute() {
  const { countryId = "" } = useParams();
  return <RewardNewModal countryId={countryId} />;
}

export function RewardEditRoute() {
  const { countryId = "", id = "" } = useParams();
  return <RewardEditModal key={id} countryId={countryId} id={id} />;
}

export function RewardCancelRoute() {
  const { id = "" } = useParams();
  return <RewardCancelModal key={id} id={id} />;
}

export function RewardsFetchRoute() {
  return <RewardsFetchModal />;
}

export function RewardsDeleteRoute() {
  return <RewardsDeleteModal />;
}
