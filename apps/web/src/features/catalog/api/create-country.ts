import { type Country, type CountryBody, countryBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

/** POST /api/reward/countries, answering { country }. */
export async function createCountry(body: CountryBody): Promise<Country> {
  const created = await api.post<{ country: Country }>(
    "/api/reward/countries",
    countryBodySchema.parse(body),
  );
  return created.country;
}

/** Errors are the form's to show. */
export function useCreateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
