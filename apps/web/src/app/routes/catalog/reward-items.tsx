import { useParams } from "react-router";
import { RewardItemsPage } from "../../../features/catalog/components/reward-items-page";

export function RewardItemsRoute() {
  const { rewardId = "" } = useParams();
  return <RewardItemsPage key={rewardId} rewardId={rewardId} />;
}
