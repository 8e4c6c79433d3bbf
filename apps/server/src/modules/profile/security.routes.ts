import {
  errorAnswerSchema,
  messages,
  type SecuritySettings,
  securitySettingsSchema,
} from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { installationSettings } from "../../db/schema/index.ts";
import { byTenant, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { requireOwner } from "../../plugins/require-admin.ts";
import { requireMfaSettingKey } from "../auth/auth.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

async function readSecurity(db: Db): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, requireMfaSettingKey));
  return { requireMfa: row?.value === "true" };
}

/** The installation's sign-in rules, set by the owner: whether every administrator needs 2FA. */
export async function securityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/admins/security",
    {
      schema: {
        tags: ["admins"],
        summary: "The installation's sign-in rules (owner only)",
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request);
      return readSecurity(db);
    },
  );

  api.put(
    "/admins/security",
    {
      schema: {
        tags: ["admins"],
        summary: "Require two-factor sign-in of every administrator, or not (owner only)",
        body: securitySettingsSchema,
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const owner = requireOwner(request);
      const { requireMfa } = request.body;
      // The owner goes first: otherwise the rule would send the owner to enrolment too, with the
      // switch to undo it out of reach.
      if (requireMfa && !owner.mfaEnabledAt) {
        throw new AppError(400, messages.mfaOwnerFirst, { requireMfa: messages.mfaOwnerFirst });
      }
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ value: installationSettings.value })
          .from(installationSettings)
          .where(eq(installationSettings.key, requireMfaSettingKey))
          .for("update");
        const value = String(requireMfa);
        await tx
          .insert(installationSettings)
          .values({ key: requireMfaSettingKey, value })
          .onConflictDoUpdate({ target: installationSettings.key, set: { value } });
        await recordAudit(
          tx,
          byTenant(owner.id, {
            action: "settings.security.save",
            recordType: "securityConfig",
            recordId: null,
            changes: changesBetween({ requireMfa: before?.value === "true" }, { requireMfa }),
          }),
        );
        return { requireMfa };
      });
    },
  );
}
