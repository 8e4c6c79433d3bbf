import { useParams } from "react-router";
import { RedeemDetailsModal } from "../../../features/redeems/components/redeem-details-modal";

export function RedeemDetailsRoute() {
  const { id = "" } = useParams();
  return <RedeemDetailsModal key={id} id={id} />;
}
