import { useParams } from "react-router";
import { CustomerDetailsModal } from "../../../features/customers/components/customer-details-modal";

export function CustomerDetailsRoute() {
  const { id = "" } = useParams();
  return <CustomerDetailsModal key={id} id={id} />;
}
