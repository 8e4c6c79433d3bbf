import { useParams } from "react-router";
import { OfferDetailsModal } from "../../../features/offers/components/offer-details-modal";

export function OfferDetailsRoute() {
  const { id = "" } = useParams();
  return <OfferDetailsModal key={id} id={id} />;
}
