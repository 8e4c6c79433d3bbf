import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { admins } from "../db/schema/index.ts";
import { newId } from "../lib/ids.ts";
import { hashPassword } from "../lib/passwords.ts";
import { giveOwnApp } from "../modules/auth/index.ts";

export const demoOwnerEmail = "demo@rewards.local";

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.select({ id: admins.id }).from(admins).limit(1);
  return rows.length;
}

/**
 * Creates the demo account with a fresh random password and returns that password (it is stored only as
 * a hash, so this is the one moment it can be shown). The account is the owner in an empty installation.
 * Null when the demo account already exists.
 */
export async function createDemoOwner(
  db: Db,
): Promise<{ id: string; email: string; password: string } | null> {
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, demoOwnerEmail));
  if (existing) return null;
  const password = randomBytes(12).toString("base64url");
  const id = newId();
  const isFirst = (await countAdmins(db)) === 0;
  await db.insert(admins).values({
    id,
    fullName: "Demo Owner",
    username: demoOwnerEmail,
    passwordHash: await hashPassword(password),
    role: isFirst ? "owner" : "admin",
    status: "active",
  });
  await giveOwnApp(db, id);
  return { id, email: demoOwnerEmail, password };
}
