import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { installationSettings } from "../db/schema/index.ts";
import { isSealed, openSecret, sealSecret } from "./secret-box.ts";

/**
 * The JWT signing secret when JWT_SECRET is unset: generated once and kept in the database (which, on
 * PGlite, is the data directory), so every server process sharing one PostgreSQL signs with the same key.
 * Kept sealed with the secrets key, so a database dump alone cannot mint tokens.
 */
export async function loadOrCreateJwtSecret(db: Db): Promise<string> {
  await db
    .insert(installationSettings)
    .values({ key: "jwt_secret", value: sealSecret(randomBytes(48).toString("base64url")) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, "jwt_secret"));
  if (!row) throw new Error("jwt secret missing after insert");
  if (!isSealed(row.value)) {
    // Written in clear by an earlier version: seal it in place.
    await db
      .update(installationSettings)
      .set({ value: sealSecret(row.value) })
      .where(eq(installationSettings.key, "jwt_secret"));
  }
  return openSecret(row.value);
}
