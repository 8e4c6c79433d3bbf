import {
  type AuditAction,
  type AuditChange,
  type AuditChanges,
  type AuditRecordType,
  isMaskedSecret,
  type MemberRole,
} from "@rewards/contract";
import type { Tx } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import { newId } from "./ids.ts";
import { maskSecret } from "./secrets.ts";

export type AuditRecord = {
  /** The tenant whose data changed. */
  adminId: string;
  /** Who did it; null for the shell (`npm run admin`). */
  actorAdminId: string | null;
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string | null;
  changes?: AuditChanges;
};

/**
 * Field names that hold a secret wherever they appear. recordAudit masks them even when a caller forgot
 * to, so no secret, key or hash is ever stored in clear in the log.
 */
const secretName = /secret|password|token|api_?key|private_?key|service_?account/i;

/** Bookkeeping columns that change on every write and tell the reader nothing. */
const ignoredFields = new Set(["id", "_id", "adminId", "createdAt", "updatedAt"]);

/** How a field's value is masked; the default shows what the settings screens show. */
export type Masker = (value: string) => string;

function maskValue(value: unknown, mask: Masker = maskSecret): unknown {
  if (value === null || value === undefined) return value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === "" || isMaskedSecret(text)) return text;
  return mask(text);
}

const normalise = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two states of a record, as `{ field: { before, after } }`. `before` null
 * is a create (only `after`), `after` null a delete (only `before`). `secrets` names fields whose values
 * are masked (compared in clear, so a changed secret shows as changed), with an optional masker each.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secrets: Record<string, Masker | true> = {},
): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (ignoredFields.has(field)) continue;
    const from = normalise(before?.[field]);
    const to = normalise(after?.[field]);
    if (before && after && same(from, to)) continue;
    const secret = secrets[field];
    const show = (value: unknown) =>
      secret ? maskValue(value, secret === true ? undefined : secret) : value;
    const change: AuditChange = {};
    if (before && from !== undefined) change.before = show(from);
    if (after && to !== undefined) change.after = show(to);
    changes[field] = change;
  }
  return changes;
}

/** The last guard: any field named like a secret is masked, whatever the caller passed. */
function maskSecretNames(changes: AuditChanges): AuditChanges {
  const masked: AuditChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    if (!secretName.test(field)) {
      masked[field] = change;
      continue;
    }
    masked[field] = {
      ...("before" in change ? { before: maskValue(change.before) } : {}),
      ...("after" in change ? { after: maskValue(change.after) } : {}),
    };
  }
  return masked;
}

// Each entry binds 7 parameters; PostgreSQL allows 65535 per statement.
const insertChunk = 1000;

/**
 * Writes audit entries in the caller's transaction (a Tx, never the bare database), so an entry exists
 * exactly when its change was committed: a write that rolls back leaves no entry.
 */
export async function recordAudit(tx: Tx, records: AuditRecord | AuditRecord[]): Promise<void> {
  const rows = (Array.isArray(records) ? records : [records]).map((record) => ({
    id: newId(),
    adminId: record.adminId,
    actorAdminId: record.actorAdminId,
    action: record.action,
    recordType: record.recordType,
    recordId: record.recordId,
    changes: maskSecretNames(record.changes ?? {}),
  }));
  for (let start = 0; start < rows.length; start += insertChunk) {
    await tx.insert(auditLog).values(rows.slice(start, start + insertChunk));
  }
}

/**
 * Who makes a write, and in which app: the signed-in member (their account id and role in the app), or
 * the shell (`npm run admin`: no account, no role). Every audited write takes one.
 */
export type Actor = { appId: string; accountId: string | null; role: MemberRole | null };

/** An entry for a write in the actor's app, naming the member who made it. */
export const byActor = (actor: Actor, entry: Omit<AuditRecord, "adminId" | "actorAdminId">): AuditRecord => ({
  adminId: actor.appId,
  actorAdminId: actor.accountId,
  ...entry,
});
