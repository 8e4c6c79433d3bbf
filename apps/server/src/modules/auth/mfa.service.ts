import { type MfaSetupAnswer, messages, totpCodePattern } from "@rewards/contract";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adminRecoveryCodes, admins } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { AdminRow } from "./admin-row.ts";
import { endSessions } from "./sessions.ts";
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpStep,
} from "./totp.ts";

/**
 * Two-factor sign-in (TOTP) of administrators: setup, enabling with a first code, checking codes at
 * sign-in, disabling. The seeds are read and written in clear here; the column type encrypts them.
 */
export function createMfaService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  /** A 6-digit code of the active seed, once: its step must be later than the last accepted one. */
  async function useTotpCode(adminId: string, code: string): Promise<boolean> {
    const [row] = await db
      .select({ secret: admins.mfaSecret, lastStep: admins.mfaLastStep })
      .from(admins)
      .where(and(eq(admins.id, adminId), isNotNull(admins.mfaEnabledAt)));
    if (!row?.secret) return false;
    const step = await totpStep(row.secret, code, row.lastStep, now().getTime());
    if (step === null) return false;
    // Conditional on the step, so two requests racing with the same code cannot both pass.
    const claimed = await db
      .update(admins)
      .set({ mfaLastStep: step })
      .where(and(eq(admins.id, adminId), or(isNull(admins.mfaLastStep), lt(admins.mfaLastStep, step))))
      .returning({ id: admins.id });
    return claimed.length > 0;
  }

  /** A recovery code, once: the UPDATE that marks it used is the check. */
  async function useRecoveryCode(adminId: string, code: string): Promise<boolean> {
    const used = await db
      .update(adminRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(adminRecoveryCodes.adminId, adminId),
          eq(adminRecoveryCodes.codeHash, hashRecoveryCode(adminId, code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    return used.length > 0;
  }

  /**
   * Whether a code (6 digits or a recovery code, as the contract normalises it) is right for an account
   * with 2FA on, using it up. False for an account without 2FA.
   */
  async function useCode(adminId: string, code: string): Promise<boolean> {
    if (isRecoveryCode(code)) return useRecoveryCode(adminId, code);
    return totpCodePattern.test(code) ? useTotpCode(adminId, code) : false;
  }

  return {
    useCode,

    /** A new seed, waiting for a first code. Refused while 2FA is on: a stolen session cannot swap it. */
    async setup(admin: AdminRow): Promise<MfaSetupAnswer> {
      const secret = newTotpSecret();
      const updated = await db
        .update(admins)
        .set({ mfaPendingSecret: secret, updatedAt: now() })
        .where(and(eq(admins.id, admin.id), isNull(admins.mfaEnabledAt)))
        .returning({ id: admins.id });
      if (updated.length === 0) throw new AppError(409, messages.mfaAlreadyEnabled);
      return { secret, otpauthUrl: otpauthUrl(admin.username, secret) };
    },

    /**
     * Turns 2FA on when the code is right for the pending seed; answers the ten recovery codes (kept
     * hashed only), or null for a wrong code.
     */
    async enable(adminId: string, code: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ pending: admins.mfaPendingSecret, enabledAt: admins.mfaEnabledAt })
          .from(admins)
          .where(eq(admins.id, adminId))
          .for("update");
        if (row?.enabledAt) throw new AppError(409, messages.mfaAlreadyEnabled);
        if (!row?.pending) throw new AppError(400, messages.mfaNotSetUp, { code: messages.mfaNotSetUp });
        // Only the app's code proves the seed was saved; a recovery code does not exist yet.
        if (!totpCodePattern.test(code)) return null;
        const at = now();
        const step = await totpStep(row.pending, code, null, at.getTime());
        if (step === null) return null;
        const codes = newRecoveryCodes();
        await tx
          .update(admins)
          .set({
            mfaSecret: row.pending,
            mfaPendingSecret: null,
            mfaEnabledAt: at,
            mfaLastStep: step,
            updatedAt: at,
          })
          .where(eq(admins.id, adminId));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
        await tx.insert(adminRecoveryCodes).values(
          codes.map((value) => ({
            id: newId(),
            adminId,
            codeHash: hashRecoveryCode(adminId, value),
            createdAt: at,
          })),
        );
        return codes;
      });
    },

    /** Turns 2FA off when the code (or a recovery code) is right; false for a wrong code. */
    async disable(adminId: string, code: string): Promise<boolean> {
      const [row] = await db
        .select({ enabledAt: admins.mfaEnabledAt })
        .from(admins)
        .where(eq(admins.id, adminId));
      if (!row?.enabledAt) throw new AppError(409, messages.mfaNotEnabled);
      if (!(await useCode(adminId, code))) return false;
      await db.transaction(async (tx) => {
        await tx
          .update(admins)
          .set({
            mfaSecret: null,
            mfaPendingSecret: null,
            mfaEnabledAt: null,
            mfaLastStep: null,
            updatedAt: now(),
          })
          .where(eq(admins.id, adminId));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      });
      return true;
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;

/**
 * Turns 2FA off for an account that lost both its authenticator and its recovery codes (from the shell:
 * `npm run admin -- reset-2fa <email>`), and ends its sessions: the lost phone may still be signed in.
 */
export async function resetMfa(db: Db, adminId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: now })
      .where(eq(admins.id, adminId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await endSessions(tx, adminId, now);
  });
}
