import { CustomersStatusModal } from "../../../features/customers/components/customers-status-modal";

export function CustomersUpdateStatusRoute() {
  return <CustomersStatusModal />;
}
