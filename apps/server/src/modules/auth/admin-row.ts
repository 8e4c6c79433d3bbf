import type { admins } from "../../db/schema/index.ts";

/** An administrator account as the server holds it in memory: never with its 2FA secrets or password hash. */
export type AdminRow = Omit<typeof admins.$inferSelect, "mfaSecret" | "mfaPendingSecret" | "passwordHash">;
