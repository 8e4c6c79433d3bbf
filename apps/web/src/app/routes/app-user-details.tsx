import { useParams } from "react-router";
import { AppUserDetailsModal } from "../../features/app-users/components/app-user-details-modal";
import { RecordHistory } from "../../features/audit/components/record-history";

/** An app user's details with the record's history (two features meet here). */
export function AppUserDetailsRoute() {
  const { id = "" } = useParams();
  return <AppUserDetailsModal key={id} id={id} history={<RecordHistory recordId={id} />} />;
}
