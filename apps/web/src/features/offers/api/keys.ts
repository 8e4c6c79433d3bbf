import type { OfferListBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type OffersQueryParams = OfferListBody["queryParams"];

export const offersKeys = {
  all: queryRoots.offers,
  list: (queryParams: OffersQueryParams) => [...offersKeys.all, "list", queryParams] as const,
  details: (id: string) => [...offersKeys.all, "details", id] as const,
};
