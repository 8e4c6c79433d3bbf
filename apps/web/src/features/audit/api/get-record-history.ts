import { type AuditListAnswer, auditEndpoints, auditListAnswerSchema } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, call } from "../../../lib/api-client";
import { auditKeys } from "./keys";

const empty: AuditListAnswer = { totalCount: 0, entities: [] };

/** The newest entries of one record. A record nothing was recorded for answers 404: no history yet. */
export async function getRecordHistory(
  recordId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditListAnswer> {
  try {
    const answer = await call(
      auditEndpoints.recordHistory,
      { params: { id: recordId }, query: { pageSize: 10 } },
      { signal },
    );
    return auditListAnswerSchema.parse(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return empty;
    throw error;
  }
}

export function useRecordHistory(recordId: string) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.history(recordId),
      queryFn: ({ signal }) => getRecordHistory(recordId, { signal }),
      // Edits are made in other modals: opening a record's details always shows its latest history.
      staleTime: 0,
    }),
  );
}
