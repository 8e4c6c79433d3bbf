import { type Country, type CountryBody, countryBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type UpdateCountryInput = { id: string; body: CountryBody };

export function updateCountry({ id, body }: UpdateCountryInput): Promise<Country> {
  return api.put<Country>(`/api/reward/countries/${encodeURIComponent(id)}`, countryBodySchema.parse(body));
}

/** Errors are the form's to show. */
export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
