import { useParams } from "react-router";
import { RecordHistory } from "../../../features/audit/components/record-history";
import { CustomerDetailsModal } from "../../../features/customers/components/customer-details-modal";

export function CustomerDetailsRoute() {
  const { id = "" } = useParams();
  return <CustomerDetailsModal key={id} id={id} history={<RecordHistory recordId={id} />} />;
}
