import { useParams } from "react-router";
import { RecordHistory } from "../../features/audit/components/record-history";
import { RedeemDetailsModal } from "../../features/redeems/components/redeem-details-modal";

/** A redeem's details with the record's history (two features meet here). */
export function RedeemDetailsRoute() {
  const { id = "" } = useParams();
  return <RedeemDetailsModal key={id} id={id} history={<RecordHistory recordId={id} />} />;
}
