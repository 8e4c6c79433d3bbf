import type { Country } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function getCountry(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Country> {
  return api.get<Country>(`/api/reward/countries/${encodeURIComponent(id)}`, { signal });
}

export function useCountry(id: string) {
  return useQuery({
    queryKey: catalogKeys.country(id),
    queryFn: ({ signal }) => getCountry(id, { signal }),
  });
}
