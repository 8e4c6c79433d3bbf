import { CustomersList } from "../../../features/customers/components/customers-list";

export function CustomersRoute() {
  return <CustomersList />;
}
