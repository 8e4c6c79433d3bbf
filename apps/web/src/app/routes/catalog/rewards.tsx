import { useParams } from "react-router";
import { RewardsPage } from "../../../features/catalog/components/rewards-page";

export function RewardsRoute() {
  const { countryId = "" } = useParams();
  return <RewardsPage key={countryId} countryId={countryId} />;
}
