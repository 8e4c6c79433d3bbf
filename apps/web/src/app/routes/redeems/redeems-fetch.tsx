import { RedeemsFetchModal } from "../../../features/redeems/components/redeems-fetch-modal";

export function RedeemsFetchRoute() {
  return <RedeemsFetchModal />;
}
