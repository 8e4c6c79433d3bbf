/** The completed offers domain's public face: what the networks' postbacks credited, as the Offers screen lists it. */
export { offersRoutes } from "./offers.routes.ts";
export { getOfferDetails, listOffers } from "./offers.service.ts";
