import { type CountryBody, countryBodySchema, countryEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type UpdateCountryInput = { id: string; body: CountryBody };

/** Errors are the form's to show. */
export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateCountryInput) =>
      call(countryEndpoints.update, { params: { id }, body: countryBodySchema.parse(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
