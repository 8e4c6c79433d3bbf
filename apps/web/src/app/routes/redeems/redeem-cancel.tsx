import { useParams } from "react-router";
import { RedeemCancelModal } from "../../../features/redeems/components/redeem-cancel-modal";

export function RedeemCancelRoute() {
  const { id = "" } = useParams();
  return <RedeemCancelModal key={id} id={id} />;
}
