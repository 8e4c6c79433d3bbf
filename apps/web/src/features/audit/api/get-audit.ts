import type { AuditListAnswer } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type AuditQueryParams, auditKeys } from "./keys";

export function getAudit(
  queryParams: AuditQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditListAnswer> {
  return api.post<AuditListAnswer>("/api/audit?group=false", { queryParams }, { signal });
}

export function getAuditQueryOptions(queryParams: AuditQueryParams) {
  return queryOptions({
    queryKey: auditKeys.list(queryParams),
    queryFn: ({ signal }) => getAudit(queryParams, { signal }),
    placeholderData: keepPreviousData,
    // The log grows with every write made elsewhere: coming back to the page shows the latest.
    staleTime: 0,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useAudit(queryParams: AuditQueryParams | null) {
  return useQuery({ ...getAuditQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
