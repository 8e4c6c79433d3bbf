import type {
  InviteDetails,
  Language,
  MemberRole,
  TeamAnswer,
  TeamMember,
  TeamSettings,
} from "@rewards/contract";
import { messages } from "@rewards/contract";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  adminSessions,
  admins,
  appMembers,
  appSettings,
  teamInvites,
  teamSettings,
} from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { mailText } from "../../lib/mail-texts/index.ts";
import { MailSendError, type PlatformMailer } from "../../lib/platform-mail.ts";
import { hashResetToken, newResetToken, ownAppFirst } from "../auth/index.ts";
import { readTeamSettings } from "./team-settings.ts";

export const inviteTtlMs = 7 * 86_400_000;

export type TeamDeps = { db: Db; mailer: PlatformMailer; publicUrl: string; now?: () => Date };

/** What an app is called: its App Setting name, else its owner's name. */
export const appNameColumn = (appId: typeof appMembers.appId | typeof teamInvites.appId) =>
  sql<string>`coalesce((select ${appSettings.appName} from ${appSettings} where ${appSettings.adminId} = ${appId} and ${appSettings.appName} <> ''), (select ${admins.fullName} from ${admins} where ${admins.id} = ${appId}))`;

const entry = (
  appId: string,
  actorAdminId: string | null,
  action: "team.invite" | "team.withdraw" | "team.join" | "team.role" | "team.remove",
  recordType: "member" | "invite",
  recordId: string,
  changes: Record<string, { before?: unknown; after?: unknown }>,
) => ({ adminId: appId, actorAdminId, action, recordType, recordId, changes });

/** The team of an app: its members, its invitations, and the rule that it always keeps an owner. */
export function createTeamService({ db, mailer, publicUrl, now = () => new Date() }: TeamDeps) {
  async function members(appId: string, adminId?: string): Promise<TeamMember[]> {
    const rows = await db
      .select({
        _id: admins.id,
        email: admins.username,
        fullName: admins.fullName,
        role: appMembers.role,
        status: admins.status,
        mfaEnabledAt: admins.mfaEnabledAt,
        lastSeenAt: sql<
          Date | string | null
        >`(select max(${adminSessions.lastSeenAt}) from ${adminSessions} where ${adminSessions.adminId} = ${admins.id} and ${adminSessions.appId} = ${appMembers.appId})`,
      })
      .from(appMembers)
      .innerJoin(admins, eq(admins.id, appMembers.adminId))
      .where(and(eq(appMembers.appId, appId), adminId ? eq(appMembers.adminId, adminId) : undefined))
      .orderBy(asc(appMembers.createdAt), asc(admins.username));
    return rows.map(({ mfaEnabledAt, lastSeenAt, ...row }) => ({
      ...row,
      mfaEnabled: mfaEnabledAt !== null,
      lastSeenAt: lastSeenAt === null ? null : new Date(lastSeenAt).toISOString(),
    }));
  }

  /** Locks the app's membership rows and counts its owners, so two changes cannot both drop the last one. */
  async function ownersLeft(tx: Tx, appId: string): Promise<number> {
    const rows = await tx
      .select({ role: appMembers.role })
      .from(appMembers)
      .where(eq(appMembers.appId, appId))
      .for("update");
    return rows.filter((row) => row.role === "owner").length;
  }

  async function memberRow(tx: Tx, appId: string, adminId: string) {
    const [row] = await tx
      .select()
      .from(appMembers)
      .where(and(eq(appMembers.appId, appId), eq(appMembers.adminId, adminId)))
      .for("update");
    return row;
  }

  /** The unused, unexpired invitation a link's token names, locked when inside a transaction. */
  async function usableInvite(executor: Db | Tx, token: string, lock: boolean) {
    const query = executor
      .select()
      .from(teamInvites)
      .where(
        and(
          eq(teamInvites.tokenHash, hashResetToken(token)),
          isNull(teamInvites.usedAt),
          gt(teamInvites.expiresAt, now()),
        ),
      );
    const [invite] = lock ? await query.for("update") : await query;
    return invite;
  }

  return {
    async team(appId: string): Promise<TeamAnswer> {
      const invites = await db
        .select()
        .from(teamInvites)
        .where(
          and(eq(teamInvites.appId, appId), isNull(teamInvites.usedAt), gt(teamInvites.expiresAt, now())),
        )
        .orderBy(asc(teamInvites.createdAt));
      return {
        members: await members(appId),
        invites: invites.map((invite) => ({
          _id: invite.id,
          email: invite.email,
          role: invite.role,
          expiresAt: invite.expiresAt.toISOString(),
        })),
        settings: await readTeamSettings(db, appId),
      };
    },

    /**
     * Saves the team's rules (the row is created on the first save). An owner without 2FA cannot turn the
     * team's 2FA rule on: it would lock them out of this very switch until they enrol.
     */
    async saveSettings(actor: Actor, actorHasMfa: boolean, input: TeamSettings): Promise<TeamSettings> {
      if (input.requireMfa && !actorHasMfa) {
        throw new AppError(400, messages.mfaOwnerFirst, { requireMfa: messages.mfaOwnerFirst });
      }
      return db.transaction(async (tx) => {
        const before = await readTeamSettings(tx, actor.appId, true);
        const saved = { requireMfa: input.requireMfa, supportAdjustmentLimit: input.supportAdjustmentLimit };
        await tx
          .insert(teamSettings)
          .values({ appId: actor.appId, ...saved, updatedAt: now() })
          .onConflictDoUpdate({ target: teamSettings.appId, set: { ...saved, updatedAt: now() } });
        await recordAudit(
          tx,
          byActor(actor, {
            action: "team.settings",
            recordType: "teamSettings",
            recordId: null,
            changes: changesBetween(before, saved),
          }),
        );
        return saved;
      });
    },

    /**
     * Records the invitation (replacing a pending one to the same address) and e-mails its link: in the
     * invitee's language when they already have an account and chose one, else in the inviter's.
     */
    async invite(
      appId: string,
      inviter: { id: string; language: Language },
      input: { email: string; role: MemberRole },
    ) {
      const actorId = inviter.id;
      const { token, tokenHash } = newResetToken();
      const expiresAt = new Date(now().getTime() + inviteTtlMs);
      const id = newId();
      await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ adminId: appMembers.adminId })
          .from(appMembers)
          .innerJoin(admins, eq(admins.id, appMembers.adminId))
          .where(and(eq(appMembers.appId, appId), eq(admins.username, input.email)));
        if (member)
          throw new AppError(409, messages.teamAlreadyMember, { email: messages.teamAlreadyMember });
        await tx
          .delete(teamInvites)
          .where(
            and(eq(teamInvites.appId, appId), eq(teamInvites.email, input.email), isNull(teamInvites.usedAt)),
          );
        await tx.insert(teamInvites).values({
          id,
          appId,
          email: input.email,
          role: input.role,
          tokenHash,
          invitedBy: actorId,
          expiresAt,
        });
        await recordAudit(
          tx,
          entry(appId, actorId, "team.invite", "invite", id, {
            email: { after: input.email },
            role: { after: input.role },
          }),
        );
      });
      const [[app], [invitee]] = await Promise.all([
        db
          .select({ name: appNameColumn(appMembers.appId) })
          .from(appMembers)
          .where(eq(appMembers.appId, appId))
          .limit(1),
        db.select({ language: admins.language }).from(admins).where(eq(admins.username, input.email)),
      ]);
      const language = invitee?.language ?? inviter.language;
      const values = {
        app: app?.name ?? mailText(language, "invite.unnamedApp"),
        role: mailText(language, `role.${input.role}`),
        link: `${publicUrl}/auth/invite/${token}`,
      };
      try {
        await mailer.send({
          to: input.email,
          subject: mailText(language, "invite.subject", values),
          text: mailText(language, "invite.text", values),
        });
      } catch (error) {
        if (error instanceof MailSendError) throw new AppError(503, messages.inviteMailFailed);
        throw error;
      }
      return { _id: id, expiresAt: expiresAt.toISOString() };
    },

    async withdrawInvite(appId: string, actorId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(teamInvites)
          .where(and(eq(teamInvites.id, id), eq(teamInvites.appId, appId), isNull(teamInvites.usedAt)))
          .returning();
        if (!removed) return false;
        await recordAudit(
          tx,
          entry(appId, actorId, "team.withdraw", "invite", id, {
            email: { before: removed.email },
            role: { before: removed.role },
          }),
        );
        return true;
      });
    },

    /** The member with the new role, or null when the account is not a member of the app. */
    async changeRole(appId: string, actorId: string, adminId: string, role: MemberRole) {
      const changed = await db.transaction(async (tx) => {
        const owners = await ownersLeft(tx, appId);
        const member = await memberRow(tx, appId, adminId);
        if (!member) return false;
        if (member.role === role) return true;
        if (member.role === "owner" && owners <= 1) throw new AppError(409, messages.teamLastOwner);
        await tx
          .update(appMembers)
          .set({ role })
          .where(and(eq(appMembers.appId, appId), eq(appMembers.adminId, adminId)));
        await recordAudit(
          tx,
          entry(appId, actorId, "team.role", "member", adminId, {
            role: { before: member.role, after: role },
          }),
        );
        return true;
      });
      if (!changed) return null;
      return (await members(appId, adminId))[0] ?? null;
    },

    /** False when the account is not a member of the app. */
    async removeMember(appId: string, actorId: string, adminId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const owners = await ownersLeft(tx, appId);
        const member = await memberRow(tx, appId, adminId);
        if (!member) return false;
        if (member.role === "owner" && owners <= 1) throw new AppError(409, messages.teamLastOwner);
        await tx.delete(appMembers).where(and(eq(appMembers.appId, appId), eq(appMembers.adminId, adminId)));
        await recordAudit(
          tx,
          entry(appId, actorId, "team.remove", "member", adminId, { role: { before: member.role } }),
        );
        return true;
      });
    },

    /** What an invitation link shows; null for an unknown, used or expired token alike. */
    async checkInvite(token: string): Promise<InviteDetails | null> {
      const invite = await usableInvite(db, token, false);
      if (!invite) return null;
      const [app] = await db
        .select({ name: appNameColumn(teamInvites.appId) })
        .from(teamInvites)
        .where(eq(teamInvites.id, invite.id));
      return { email: invite.email, appName: app?.name ?? "", role: invite.role };
    },

    /**
     * Uses up the invitation and adds the membership in one transaction: of two concurrent accepts, the
     * second finds it used. `join` creates the account or checks the signed-in one; answers the app's id.
     */
    async accept(
      token: string,
      join: (tx: Tx, invite: { email: string }) => Promise<{ adminId: string; created: boolean }>,
    ): Promise<{ appId: string; adminId: string }> {
      return db.transaction(async (tx) => {
        const invite = await usableInvite(tx, token, true);
        if (!invite) throw new AppError(404, messages.inviteInvalid);
        const { adminId, created } = await join(tx, invite);
        if (!created && (await memberRow(tx, invite.appId, adminId))) {
          throw new AppError(409, messages.teamAlreadyMember);
        }
        await tx.insert(appMembers).values({ appId: invite.appId, adminId, role: invite.role });
        await tx.update(teamInvites).set({ usedAt: now() }).where(eq(teamInvites.id, invite.id));
        await recordAudit(
          tx,
          entry(invite.appId, adminId, "team.join", "member", adminId, {
            email: { after: invite.email },
            role: { after: invite.role },
          }),
        );
        return { appId: invite.appId, adminId };
      });
    },

    /** The apps an account belongs to, its own first, then in the order it joined them. */
    async appsOf(adminId: string) {
      return db
        .select({ appId: appMembers.appId, appName: appNameColumn(appMembers.appId), role: appMembers.role })
        .from(appMembers)
        .where(eq(appMembers.adminId, adminId))
        .orderBy(...ownAppFirst(adminId));
    },

    async isMember(appId: string, adminId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(appMembers)
        .where(and(eq(appMembers.appId, appId), eq(appMembers.adminId, adminId)));
      return (row?.n ?? 0) > 0;
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
