import type { AuditListBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type AuditQueryParams = AuditListBody["queryParams"];

export const auditKeys = {
  all: queryRoots.audit,
  list: (queryParams: AuditQueryParams) => [...auditKeys.all, "list", queryParams] as const,
  history: (recordId: string) => [...auditKeys.all, "history", recordId] as const,
  actors: () => [...auditKeys.all, "actors"] as const,
};
