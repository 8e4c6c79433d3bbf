import { OffersFetchModal } from "../../../features/offers/components/offers-fetch-modal";

export function OffersFetchRoute() {
  return <OffersFetchModal />;
}
