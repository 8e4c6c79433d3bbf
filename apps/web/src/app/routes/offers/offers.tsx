import { OffersList } from "../../../features/offers/components/offers-list";

export function OffersRoute() {
  return <OffersList />;
}
