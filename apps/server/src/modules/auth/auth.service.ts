import { messages, type Profile } from "@rewards/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { admins, passwordResets } from "../../db/schema/index.ts";
import type { AccessTokens } from "../../lib/access-tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { hashPassword, isCommonPassword, verifyDecoy, verifyPassword } from "../../lib/passwords.ts";
import { MailSendError, type PlatformMailer, type PlatformMessage } from "../../lib/platform-mail.ts";
import { hashResetToken, newResetToken, resetTokenTtlMs } from "./reset-tokens.ts";

export type AuthDeps = {
  db: Db;
  tokens: AccessTokens;
  mailer: PlatformMailer;
  publicUrl: string;
  now?: () => Date;
};

export type AdminRow = typeof admins.$inferSelect;

// Any constant: serialises first registrations so exactly one becomes the owner.
const registrationLockKey = 7_302_115;

function refuseCommon(password: string) {
  if (isCommonPassword(password)) {
    throw new AppError(400, messages.passwordTooCommon, { password: messages.passwordTooCommon });
  }
}

function refuseInactive(admin: AdminRow) {
  if (admin.status === "pending") throw new AppError(403, messages.accountPending);
  if (admin.status === "disabled") throw new AppError(403, messages.accountDisabled);
}

export const toProfile = (admin: AdminRow): Profile => ({
  _id: admin.id,
  fullName: admin.fullName,
  username: admin.username,
  role: admin.role,
});

export function createAuthService({ db, tokens, mailer, publicUrl, now = () => new Date() }: AuthDeps) {
  const signFor = (admin: AdminRow) => tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion });

  /** The mail service being down is not the visitor's fault, nor a reason for a bare 500. */
  async function sendRecoveryMail(message: PlatformMessage) {
    try {
      await mailer.send(message);
    } catch (error) {
      if (error instanceof MailSendError) throw new AppError(503, messages.recoverMailFailed);
      throw error;
    }
  }

  async function findByUsername(username: string) {
    const [admin] = await db.select().from(admins).where(eq(admins.username, username));
    return admin;
  }

  /** Why a reset token cannot be used, or undefined when it can. */
  function resetTokenProblem(reset: typeof passwordResets.$inferSelect | undefined): string | undefined {
    if (!reset) return messages.resetTokenInvalid;
    if (reset.usedAt) return messages.resetTokenUsed;
    if (reset.expiresAt.getTime() <= now().getTime()) return messages.resetTokenExpired;
    return undefined;
  }

  return {
    /** The first account of an empty installation becomes the active owner; later ones wait for approval. */
    async register(input: { fullName: string; username: string; password: string }) {
      refuseCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const admin = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${registrationLockKey})`);
        const [taken] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(admins.username, input.username));
        if (taken) {
          throw new AppError(409, "An account with this e-mail already exists", {
            username: "An account with this e-mail already exists",
          });
        }
        const [anyAdmin] = await tx.select({ id: admins.id }).from(admins).limit(1);
        const [created] = await tx
          .insert(admins)
          .values({
            id: newId(),
            fullName: input.fullName,
            username: input.username,
            passwordHash,
            role: anyAdmin ? "admin" : "owner",
            status: anyAdmin ? "pending" : "active",
          })
          .returning();
        if (!created) throw new Error("insert returned no row");
        return created;
      });
      refuseInactive(admin);
      return { accessToken: await signFor(admin) };
    },

    /** Checks the password first, so the answer never tells whether a pending account exists. */
    async login(input: { username: string; password: string }): Promise<string | null> {
      const admin = await findByUsername(input.username);
      if (!admin) {
        await verifyDecoy(input.password);
        return null;
      }
      if (!(await verifyPassword(admin.passwordHash, input.password))) return null;
      refuseInactive(admin);
      return signFor(admin);
    },

    /** E-mails a one-hour, single-use reset link. Null when no account has this address. */
    async recover(email: string): Promise<true | null> {
      const admin = await findByUsername(email);
      if (!admin) return null;
      const { token, tokenHash } = newResetToken();
      await db.insert(passwordResets).values({
        id: newId(),
        adminId: admin.id,
        tokenHash,
        expiresAt: new Date(now().getTime() + resetTokenTtlMs),
      });
      const link = `${publicUrl}/auth/reset/${token}`;
      await sendRecoveryMail({
        to: admin.username,
        subject: "Reset your Rewards Admin password",
        text:
          `Hello ${admin.fullName},\n\nOpen this link within one hour to choose a new password:\n${link}\n\n` +
          "If you did not ask for it, you can ignore this e-mail.",
      });
      return true;
    },

    async checkResetToken(token: string): Promise<string | undefined> {
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashResetToken(token)));
      return resetTokenProblem(reset);
    },

    /** Sets the password, uses up the token (and every other open one) and revokes earlier sessions. */
    async resetPassword(token: string, password: string): Promise<void> {
      refuseCommon(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [reset] = await tx
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.tokenHash, hashResetToken(token)))
          .for("update");
        const problem = resetTokenProblem(reset);
        if (problem || !reset) throw new AppError(400, problem ?? messages.resetTokenInvalid);
        await tx
          .update(passwordResets)
          .set({ usedAt: now() })
          .where(and(eq(passwordResets.adminId, reset.adminId), isNull(passwordResets.usedAt)));
        await tx
          .update(admins)
          .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1`, updatedAt: now() })
          .where(eq(admins.id, reset.adminId));
      });
    },

    /** The active administrator a bearer token belongs to, or null when it no longer opens anything. */
    async authenticate(token: string): Promise<AdminRow | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const [admin] = await db.select().from(admins).where(eq(admins.id, claims.adminId));
      if (admin?.status !== "active" || admin.tokenVersion !== claims.tokenVersion) return null;
      return admin;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
