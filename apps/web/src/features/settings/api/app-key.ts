import { settingsEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { settingsKeys } from "./keys";

/** The public key the mobile app sends on every /app/v1 call (docs/app-api.md). */
export const useAppKey = () =>
  useQuery({
    queryKey: settingsKeys.appKey(),
    queryFn: ({ signal }) => call(settingsEndpoints.appKey, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
