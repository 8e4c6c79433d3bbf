import type { AdminSession } from "@rewards/contract";
import { and, desc, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { adminSessions } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

/** Who signed in: shown in the profile panel's list of sessions. */
export type SessionClient = { userAgent: string | undefined; ip: string };

const userAgentMax = 300;

export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers["user-agent"],
  ip: request.ip,
});
/** Ended and expired sessions are kept this long (for a look back), then deleted at a later sign-in. */
const keepEndedMs = 30 * 86_400_000;
/** last_seen_at is written at most this often per session, not on every request. */
export const lastSeenResolutionMs = 60_000;

/** Starts a session that lasts as long as its access token; returns its id for the token's `sid`. */
export async function startSession(
  db: Db | Tx,
  adminId: string,
  appId: string,
  client: SessionClient,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const id = newId();
  await db.insert(adminSessions).values({
    id,
    adminId,
    appId,
    userAgent: client.userAgent?.slice(0, userAgentMax) || null,
    ip: client.ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  const longAgo = new Date(now.getTime() - keepEndedMs);
  await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        or(lt(adminSessions.expiresAt, longAgo), lt(adminSessions.endedAt, longAgo)),
      ),
    );
  return id;
}

const active = (now: Date) => and(isNull(adminSessions.endedAt), gt(adminSessions.expiresAt, now));

/** The account's sessions that still open the API, newest first. */
export async function listSessions(
  db: Db,
  adminId: string,
  currentId: string,
  now: Date,
): Promise<AdminSession[]> {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), active(now)))
    .orderBy(desc(adminSessions.createdAt), desc(adminSessions.id));
  return rows.map((row) => ({
    _id: row.id,
    current: row.id === currentId,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/** Ends one active session of the account; false when it has none by that id. */
export async function endSession(db: Db, adminId: string, sessionId: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(adminSessions)
    .set({ endedAt: now })
    .where(and(eq(adminSessions.id, sessionId), eq(adminSessions.adminId, adminId), active(now)))
    .returning({ id: adminSessions.id });
  return ended.length > 0;
}

/** Ends every active session of the account, or every one but `except`. */
export async function endSessions(db: Db | Tx, adminId: string, now: Date, except?: string): Promise<number> {
  const ended = await db
    .update(adminSessions)
    .set({ endedAt: now })
    .where(
      and(eq(adminSessions.adminId, adminId), active(now), except ? ne(adminSessions.id, except) : undefined),
    )
    .returning({ id: adminSessions.id });
  return ended.length;
}

/** Moves last_seen_at forward when it is over a minute old; a no-op for the requests in between. */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(adminSessions.id, sessionId),
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - lastSeenResolutionMs)),
      ),
    );
}
