import { auditEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { auditKeys } from "./keys";

export function getAuditActorsQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.actors(),
    queryFn: ({ signal }) => call(auditEndpoints.actors, {}, { signal }),
  });
}

/** The app's members, for the Activity page's member filter. */
export function useAuditActors() {
  return useQuery(getAuditActorsQueryOptions());
}
