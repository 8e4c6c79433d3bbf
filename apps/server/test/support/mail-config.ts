import type { Db } from "../../src/db/client.ts";
import { mailConfigs } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";

/** A tenant Mailgun config, written directly: the redeem tests are not about the settings screen. */
export async function addMailConfig(db: Db, adminId: string) {
  await db.insert(mailConfigs).values({
    id: newId(),
    adminId,
    mailgunDomain: "mg.tenant.test",
    apiKey: "key-tenant",
    fromEmail: "rewards@tenant.test",
    supportEmail: "support@tenant.test",
  });
}
