import type { Admin } from "@rewards/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** A password that is long enough and not among the common ones. */
export const goodPassword = "Violet-Harbor-Lantern-42";

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function registerBody(username: string, overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Test Person",
    username,
    password: goodPassword,
    confirmPassword: goodPassword,
    ...overrides,
  };
}

export function register(
  app: FastifyInstance,
  username: string,
  overrides: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: registerBody(username, overrides),
  });
}

export function login(
  app: FastifyInstance,
  username: string,
  password = goodPassword,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function profile(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: "GET", url: "/api/profile/me", headers: bearer(token) });
}

/** Registers the first account of an empty installation and returns its token. */
export async function registerOwner(app: FastifyInstance, username: string): Promise<string> {
  const response = await register(app, username, { fullName: "Olive Owner" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

export async function listAdmins(app: FastifyInstance, ownerToken: string): Promise<Admin[]> {
  const response = await app.inject({ method: "GET", url: "/api/admins", headers: bearer(ownerToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ entities: Admin[] }>().entities;
}

export async function adminIdOf(app: FastifyInstance, ownerToken: string, username: string): Promise<string> {
  const found = (await listAdmins(app, ownerToken)).find((admin) => admin.username === username);
  if (!found) throw new Error(`no administrator ${username}`);
  return found._id;
}

export function setState(
  app: FastifyInstance,
  token: string,
  id: string,
  status: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "PUT",
    url: `/api/admins/${id}/state`,
    headers: bearer(token),
    payload: { status },
  });
}

/** A later registration, approved by the owner: returns its id and a fresh token. */
export async function createActiveAdmin(app: FastifyInstance, ownerToken: string, username: string) {
  const registered = await register(app, username);
  expect(registered.statusCode, registered.body).toBe(403);
  const id = await adminIdOf(app, ownerToken, username);
  const approved = await setState(app, ownerToken, id, "active");
  expect(approved.statusCode, approved.body).toBe(200);
  const signedIn = await login(app, username);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { id, token: signedIn.json<{ accessToken: string }>().accessToken };
}

/** Signs in with a password only (no 2FA on the account) and returns the access token. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { username, password: goodPassword },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { accessToken } = response.json<{ accessToken?: string }>();
  if (!accessToken) throw new Error(`no access token: ${response.body}`);
  return accessToken;
}

/** POST /api/users/logout with the token. */
export function logout(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url: "/api/users/logout", headers: bearer(token) });
}
