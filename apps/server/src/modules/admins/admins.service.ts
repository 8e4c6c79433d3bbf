import { type Admin, type AdminStatus, messages } from "@rewards/contract";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { admins } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { type AdminRow, adminColumns } from "../auth/index.ts";

export const toAdmin = (row: AdminRow): Admin => ({
  _id: row.id,
  fullName: row.fullName,
  username: row.username,
  role: row.role,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export async function listAdmins(
  db: Db,
  query: { status?: AdminStatus | undefined; pageNumber: number; pageSize: number },
) {
  const where = query.status ? eq(admins.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(admins)
      .where(where)
      .orderBy(desc(admins.createdAt), desc(admins.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ value: count() }).from(admins).where(where),
  ]);
  return { totalCount: total?.value ?? 0, entities: rows.map(toAdmin) };
}

export async function findAdminByEmail(db: Db, email: string): Promise<Admin | null> {
  const [row] = await db
    .select(adminColumns)
    .from(admins)
    .where(eq(admins.username, email.trim().toLowerCase()));
  return row ? toAdmin(row) : null;
}

/**
 * Approves, enables or disables an account. Disabling bumps the token version, so its tokens stop
 * working at once. The owner account can never be disabled. Null when no such account exists.
 */
export async function setAdminState(
  db: Db,
  id: string,
  status: "active" | "disabled",
  /** The owner who did it; null from the shell (`npm run admin`). */
  actorAdminId: string | null,
): Promise<Admin | null> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select(adminColumns).from(admins).where(eq(admins.id, id)).for("update");
    if (!target) return null;
    if (target.role === "owner" && status === "disabled") {
      throw new AppError(409, messages.cannotDisableSelf);
    }
    if (target.status === status) return toAdmin(target);
    const [updated] = await tx
      .update(admins)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === "disabled" ? { tokenVersion: sql`${admins.tokenVersion} + 1` } : {}),
      })
      .where(eq(admins.id, id))
      .returning(adminColumns);
    if (!updated) return null;
    // Approvals are the owner's actions, so they are recorded in the owner's log (decision 0002).
    const [owner] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.role, "owner"));
    if (owner) {
      await recordAudit(tx, {
        adminId: owner.id,
        actorAdminId,
        action: status === "active" ? "admin.approve" : "admin.disable",
        recordType: "admin",
        recordId: id,
        changes: {
          username: { after: updated.username },
          status: { before: target.status, after: updated.status },
        },
      });
    }
    return toAdmin(updated);
  });
}
