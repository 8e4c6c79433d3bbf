import { RedeemsList } from "../../../features/redeems/components/redeems-list";

export function RedeemsRoute() {
  return <RedeemsList />;
}
