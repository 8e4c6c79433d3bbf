import { CustomersFetchModal } from "../../../features/customers/components/customers-fetch-modal";

export function CustomersFetchRoute() {
  return <CustomersFetchModal />;
}
