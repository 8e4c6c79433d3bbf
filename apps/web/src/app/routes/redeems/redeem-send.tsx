import { useParams } from "react-router";
import { SendRedeemPage } from "../../../features/redeems/components/send-redeem-page";

export function RedeemSendRoute() {
  const { id = "" } = useParams();
  // Keyed by id: another redeem's form starts from its own record.
  return <SendRedeemPage key={id} id={id} />;
}
