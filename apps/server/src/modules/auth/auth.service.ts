import {
  type Language,
  type LoginAnswer,
  type MemberRole,
  type Message,
  messages,
  type Profile,
} from "@rewards/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { admins, appMembers, passwordResets } from "../../db/schema/index.ts";
import type { AccessTokens } from "../../lib/access-tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { languageOf } from "../../lib/language.ts";
import { mailText } from "../../lib/mail-texts/index.ts";
import { hashPassword, isCommonPassword, verifyDecoy, verifyPassword } from "../../lib/passwords.ts";
import { MailSendError, type PlatformMailer, type PlatformMessage } from "../../lib/platform-mail.ts";
import type { AdminRow } from "./admin-row.ts";
import { createMfaService } from "./mfa.service.ts";
import { giveOwnApp, ownAppFirst } from "./own-app.ts";
import { hashResetToken, newResetToken, resetTokenTtlMs } from "./reset-tokens.ts";
import {
  endSessions,
  lastSeenResolutionMs,
  type SessionClient,
  startSession,
  touchSession,
} from "./sessions.ts";
import { adminColumns, prepareSignedInQuery, requireMfaSettingKey } from "./signed-in-query.ts";

export type AuthDeps = {
  db: Db;
  tokens: AccessTokens;
  mailer: PlatformMailer;
  publicUrl: string;
  now?: () => Date;
};

export type { AdminRow } from "./admin-row.ts";
export { adminColumns, requireMfaSettingKey };

/** The app a request acts in: its id (the owner's account id), its keys, and the member's role in it. */
export type ActingApp = { id: string; appKey: string; postbackKey: string; role: MemberRole };

/**
 * A request's signed-in administrator: the account, the app it acts in, its session, and whether 2FA is
 * required (by the installation, or by the team of the app the session acts in).
 */
export type SignedIn = { admin: AdminRow; app: ActingApp; sessionId: string; mfaRequired: boolean };

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

/** What the profile says beside the account and the app it acts in. */
export type ProfileContext = {
  mfaRequired: boolean;
  /** The team's rule: null for a role without a limit. */
  adjustmentAllowance: number | null;
  /** The request's header, which picks the language until the member chooses one. */
  acceptLanguage: string | undefined;
  /** The app's time zone (General settings). */
  timeZone: string;
};

export const toProfile = (admin: AdminRow, app: ActingApp, context: ProfileContext): Profile => ({
  _id: admin.id,
  fullName: admin.fullName,
  username: admin.username,
  appId: app.id,
  role: app.role,
  installationOwner: admin.role === "owner",
  mfaEnabled: admin.mfaEnabledAt !== null,
  mfaRequired: context.mfaRequired,
  adjustmentAllowance: context.adjustmentAllowance,
  language: languageOf(admin.language, context.acceptLanguage),
  timeZone: context.timeZone,
});

/** Keeps the member's dashboard language (a preference: not audited); the account as updated. */
export async function setLanguage(
  db: Db,
  adminId: string,
  language: Language,
): Promise<AdminRow | undefined> {
  const [row] = await db
    .update(admins)
    .set({ language, updatedAt: new Date() })
    .where(eq(admins.id, adminId))
    .returning(adminColumns);
  return row;
}

export function createAuthService({ db, tokens, mailer, publicUrl, now = () => new Date() }: AuthDeps) {
  /** A new server-side session and the access token that names it. */
  async function signIn(admin: AdminRow, client: SessionClient): Promise<string> {
    const sessionId = await startSession(
      db,
      admin.id,
      await homeApp(admin.id),
      client,
      tokens.ttlSeconds,
      now(),
    );
    return tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion, sessionId });
  }

  /** The app a new session acts in: the account's own app when it has one, else the one it joined first. */
  async function homeApp(adminId: string): Promise<string> {
    const [member] = await db
      .select({ appId: appMembers.appId })
      .from(appMembers)
      .where(eq(appMembers.adminId, adminId))
      .orderBy(...ownAppFirst(adminId))
      .limit(1);
    if (!member) throw new AppError(403, messages.noApp);
    return member.appId;
  }

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
    const [admin] = await db.select(adminColumns).from(admins).where(eq(admins.username, username));
    return admin;
  }

  /** Why a reset token cannot be used, or undefined when it can. */
  function resetTokenProblem(reset: typeof passwordResets.$inferSelect | undefined): Message | undefined {
    if (!reset) return messages.resetTokenInvalid;
    if (reset.usedAt) return messages.resetTokenUsed;
    if (reset.expiresAt.getTime() <= now().getTime()) return messages.resetTokenExpired;
    return undefined;
  }

  const signedInQuery = prepareSignedInQuery(db);

  /**
   * Who a bearer token signs in, or null when it no longer opens anything: the account must be active
   * with the token's version, and the token's session neither ended nor expired. One query loads the
   * account, the session, the member's role and the 2FA rules: the installation's, and the team's of the
   * session's app (a member of several apps is held to it only while acting in that one).
   */
  async function authenticateSession(token: string): Promise<SignedIn | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const at = now();
    const [row] = await signedInQuery.execute({
      sessionId: claims.sessionId,
      adminId: claims.adminId,
      at: at.toISOString(),
    });
    if (row?.admin.status !== "active" || row.admin.tokenVersion !== claims.tokenVersion) return null;
    if (at.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await touchSession(db, claims.sessionId, at);
    }
    return { admin: row.admin, app: row.app, sessionId: claims.sessionId, mfaRequired: row.mfaRequired };
  }

  return {
    authenticateSession,
    mfa: createMfaService({ db, now }),

    /** The first account of an empty installation becomes the active owner; later ones wait for approval. */
    async register(input: { fullName: string; username: string; password: string }, client: SessionClient) {
      refuseCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const admin = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${registrationLockKey})`);
        const [taken] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(admins.username, input.username));
        if (taken) {
          throw new AppError(409, messages.appEmailTaken, {
            username: messages.appEmailTaken,
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
          .returning(adminColumns);
        if (!created) throw new Error("insert returned no row");
        await giveOwnApp(tx, created.id);
        return created;
      });
      refuseInactive(admin);
      return { accessToken: await signIn(admin, client) };
    },

    /**
     * Checks the password first, so the answer never tells whether a pending account exists. With 2FA on,
     * the answer is a short-lived token for the second step instead of a session.
     */
    async login(
      input: { username: string; password: string },
      client: SessionClient,
    ): Promise<LoginAnswer | null> {
      // The one read of the password hash, beside the account.
      const [found] = await db
        .select({ admin: adminColumns, passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.username, input.username));
      if (!found) {
        await verifyDecoy(input.password);
        return null;
      }
      if (!(await verifyPassword(found.passwordHash, input.password))) return null;
      const { admin } = found;
      refuseInactive(admin);
      if (admin.mfaEnabledAt) {
        return {
          mfaRequired: true,
          mfaToken: await tokens.signMfa({ adminId: admin.id, tokenVersion: admin.tokenVersion }),
        };
      }
      return { accessToken: await signIn(admin, client) };
    },

    /**
     * The account an mfaToken was given to, while it can still finish signing in: active, 2FA still on,
     * and no password reset or disable since (the token version).
     */
    async mfaChallenge(mfaToken: string): Promise<AdminRow | null> {
      const claims = await tokens.verifyMfa(mfaToken);
      if (!claims) return null;
      const [admin] = await db.select(adminColumns).from(admins).where(eq(admins.id, claims.adminId));
      if (!admin || admin.tokenVersion !== claims.tokenVersion || !admin.mfaEnabledAt) return null;
      refuseInactive(admin);
      return admin;
    },

    /** The second step's success: a session like a password-only sign-in's. */
    async finishMfaLogin(admin: AdminRow, client: SessionClient): Promise<string> {
      return signIn(admin, client);
    },

    /**
     * E-mails a one-hour, single-use reset link, in the member's language (else the one the asking page
     * shows, from its Accept-Language). Null when no account has this address.
     */
    async recover(email: string, acceptLanguage: string | undefined): Promise<true | null> {
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
      const language = languageOf(admin.language, acceptLanguage);
      await sendRecoveryMail({
        to: admin.username,
        subject: mailText(language, "reset.subject"),
        text: mailText(language, "reset.text", { name: admin.fullName, link }),
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

    /** Sets the password, uses up the token (and every other open one) and ends every session. */
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
        await endSessions(tx, reset.adminId, now());
      });
    },

    /** A new account's password, checked and hashed (before a transaction: hashing is slow on purpose). */
    async hashNewPassword(password: string): Promise<string> {
      refuseCommon(password);
      return hashPassword(password);
    },

    /**
     * An account opened from an invitation: active at once (the inviting app vouches for it) and owning no
     * app of its own. 409 when the e-mail already has an account: that one signs in and joins instead.
     */
    async openInvitedAccount(tx: Tx, input: { fullName: string; email: string; passwordHash: string }) {
      const [taken] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.username, input.email));
      if (taken) throw new AppError(409, messages.inviteAccountExists);
      const [created] = await tx
        .insert(admins)
        .values({
          id: newId(),
          fullName: input.fullName,
          username: input.email,
          passwordHash: input.passwordHash,
          role: "admin",
          status: "active",
        })
        .returning(adminColumns);
      if (!created) throw new Error("insert returned no row");
      return created;
    },

    /** A new session acting in the given app: the caller has checked that the account is its member. */
    async signInToApp(admin: AdminRow, appId: string, client: SessionClient): Promise<string> {
      const sessionId = await startSession(db, admin.id, appId, client, tokens.ttlSeconds, now());
      return tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion, sessionId });
    },

    /** The active administrator a bearer token belongs to, or null when it no longer opens anything. */
    async authenticate(token: string): Promise<AdminRow | null> {
      return (await authenticateSession(token))?.admin ?? null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
