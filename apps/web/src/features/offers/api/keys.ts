import type { OfferListBody } from "@rewards/contract";

export type OffersQueryParams = OfferListBody["queryParams"];

export const offersKeys = {
  all: ["offers"] as const,
  list: (queryParams: OffersQueryParams) => [...offersKeys.all, "list", queryParams] as const,
  details: (id: string) => [...offersKeys.all, "details", id] as const,
};
