// The audit domain's public face: reading the log. Writing an entry is `recordAudit` (lib/audit.ts).
export { auditRoutes } from "./audit.routes.ts";
export { listAudit, listAuditActors, recordHistory } from "./audit.service.ts";
