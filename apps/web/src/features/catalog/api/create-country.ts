import { type CountryBody, countryBodySchema, countryEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

/** Answers the new country. */
export async function createCountry(body: CountryBody) {
  const created = await call(countryEndpoints.create, { body: countryBodySchema.parse(body) });
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
