import { useParams } from "react-router";
import { CustomerEditModal } from "../../../features/customers/components/customer-edit-modal";

export function CustomerEditRoute() {
  const { id = "" } = useParams();
  return <CustomerEditModal key={id} id={id} />;
}
