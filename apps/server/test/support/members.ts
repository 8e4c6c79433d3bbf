import type { MemberRole } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { admins, appMembers } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { bearer, goodPassword, login } from "./auth-helpers.ts";

/** A team member: an account that belongs to one app with a role, owns no app, and is signed in. */
export type Member = {
  id: string;
  username: string;
  role: MemberRole;
  appId: string;
  token: string;
  headers: { authorization: string };
};

let memberCount = 0;

/** An account of a team, not signed in. */
export type MemberAccount = Omit<Member, "token" | "headers">;

/**
 * An active account (installation role "admin", no app of its own) that is a member of `appId` with
 * `role`, written straight to the database; `label` goes into its e-mail address.
 */
export async function insertMember(
  db: Db,
  appId: string,
  role: MemberRole,
  label: string = role,
): Promise<MemberAccount> {
  memberCount += 1;
  const id = newId();
  const username = `${label}-${memberCount}@member.test`;
  await db.insert(admins).values({
    id,
    fullName: `Member ${label}`,
    username,
    passwordHash: await hashPassword(goodPassword),
    role: "admin",
    status: "active",
  });
  await db.insert(appMembers).values({ appId, adminId: id, role });
  return { id, username, role, appId };
}

/**
 * A member of `appId` with `role` (see insertMember), signed in through POST /api/users/login: its
 * session acts in that app, the only one it belongs to.
 */
export async function addMember(
  t: { app: FastifyInstance; db: Db },
  appId: string,
  role: MemberRole,
  label: string = role,
): Promise<Member> {
  const account = await insertMember(t.db, appId, role, label);
  const token = await signInMember(t.app, account.username);
  return { ...account, token, headers: bearer(token) };
}

/** A fresh session of a member (or any account without 2FA): its access token. */
export async function signInMember(app: FastifyInstance, username: string): Promise<string> {
  const response = await login(app, username);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

/** Changes a member's role in the database, as an owner's change would. */
export async function setMemberRole(db: Db, member: { id: string; appId: string }, role: MemberRole) {
  await db
    .update(appMembers)
    .set({ role })
    .where(and(eq(appMembers.appId, member.appId), eq(appMembers.adminId, member.id)));
}

/** Deletes a member's membership row, as an owner's removal would. */
export async function removeMembership(db: Db, member: { id: string; appId: string }) {
  await db
    .delete(appMembers)
    .where(and(eq(appMembers.appId, member.appId), eq(appMembers.adminId, member.id)));
}
