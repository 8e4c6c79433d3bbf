import { RedeemsStatusModal } from "../../../features/redeems/components/redeems-status-modal";

export function RedeemsUpdateStatusRoute() {
  return <RedeemsStatusModal />;
}
