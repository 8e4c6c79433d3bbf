import { auditEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type AuditQueryParams, auditKeys } from "./keys";

export function getAuditQueryOptions(queryParams: AuditQueryParams) {
  return queryOptions({
    queryKey: auditKeys.list(queryParams),
    queryFn: ({ signal }) =>
      call(auditEndpoints.list, { query: { group: "false" }, body: { queryParams } }, { signal }),
    placeholderData: keepPreviousData,
    // The log grows with every write made elsewhere: coming back to the page shows the latest.
    staleTime: 0,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useAudit(queryParams: AuditQueryParams | null) {
  return useQuery({ ...getAuditQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
