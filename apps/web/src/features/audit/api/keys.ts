import type { AuditListBody } from "@rewards/contract";

export type AuditQueryParams = AuditListBody["queryParams"];

export const auditKeys = {
  all: ["audit"] as const,
  list: (queryParams: AuditQueryParams) => [...auditKeys.all, "list", queryParams] as const,
  history: (recordId: string) => [...auditKeys.all, "history", recordId] as const,
};
