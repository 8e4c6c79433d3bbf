import { type AuditFilter, auditActions, auditSortFields, idSchema } from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

/** A record id typed in part is not searched for (ids match whole). */
export const isIncompleteRecordId = (recordId: string | undefined) => {
  const text = recordId?.trim() ?? "";
  return text !== "" && !idSchema.safeParse(text).success;
};

const config: ListStateConfig<(typeof auditSortFields)[number], AuditFilter> = {
  filters: {
    action: { values: auditActions },
    recordId: {},
    actorId: {},
  },
  sortFields: auditSortFields,
  defaultSort: { sortField: "createdAt", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteRecordId(values.recordId)) return null;
    return compactFilter({
      action: (values.action || undefined) as AuditFilter["action"],
      recordId: values.recordId?.trim() || undefined,
      // Chosen from the members' list: anything else in the address is no filter.
      actorId: idSchema.safeParse(values.actorId).success ? values.actorId : undefined,
    }) as AuditFilter;
  },
};

export function useActivityListState() {
  return useListState(config);
}

export type ActivityListState = ReturnType<typeof useActivityListState>;
