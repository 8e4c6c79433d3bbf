import { type Admin, messages } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminIdOf,
  bearer,
  createActiveAdmin,
  listAdmins,
  login,
  profile,
  register,
  registerOwner,
  setState,
} from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

const ownerEmail = "olive.owner@rewards.test";
const pendingEmail = "pat.pending@rewards.test";
const activeEmail = "alex.admin@rewards.test";

let t: TestApp;
let ownerToken: string;
let ownerId: string;
let pendingId: string;
let active: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  ownerToken = await registerOwner(t.app, ownerEmail);
  ownerId = (await profile(t.app, ownerToken)).json()._id;
  active = await createActiveAdmin(t.app, ownerToken, activeEmail);
  expect((await register(t.app, pendingEmail)).statusCode).toBe(403);
  pendingId = await adminIdOf(t.app, ownerToken, pendingEmail);
});
afterAll(() => t.close());

const getAdmins = (token: string | undefined, query = "") =>
  t.app.inject({ method: "GET", url: `/api/admins${query}`, headers: token ? bearer(token) : {} });

const byUsername = (entities: Admin[]) =>
  Object.fromEntries(entities.map((admin) => [admin.username, admin]));

describe("GET /api/admins", () => {
  it("lists every account with its status for the owner, newest first", async () => {
    const response = await getAdmins(ownerToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ totalCount: number; entities: Admin[] }>();
    expect(body.totalCount).toBe(3);
    expect(body.entities.map((admin) => admin.username)).toEqual([pendingEmail, activeEmail, ownerEmail]);
    const admins = byUsername(body.entities);
    expect(admins[ownerEmail]).toEqual({
      _id: ownerId,
      fullName: "Olive Owner",
      username: ownerEmail,
      role: "owner",
      status: "active",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(admins[activeEmail]).toMatchObject({ _id: active.id, role: "admin", status: "active" });
    expect(admins[pendingEmail]).toMatchObject({ _id: pendingId, role: "admin", status: "pending" });
    // Nothing secret leaves the server.
    expect(response.body).not.toMatch(/argon2|password|tokenVersion/i);
  });

  it("filters by status and pages", async () => {
    const pending = await getAdmins(ownerToken, "?status=pending");
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ totalCount: 1, entities: [{ username: pendingEmail }] });

    const page = await getAdmins(ownerToken, "?pageSize=1&pageNumber=2");
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: 3, entities: [{ username: activeEmail }] });
  });

  it("answers 400 for an unknown status or query key", async () => {
    const badStatus = await getAdmins(ownerToken, "?status=banned");
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().fieldErrors)).toEqual(["status"]);
    expect((await getAdmins(ownerToken, "?sortField=password")).statusCode).toBe(400);
  });

  it("answers 403 to an active administrator who is not the owner", async () => {
    // The owner of its own app, but not the installation's owner.
    expect((await profile(t.app, active.token)).json()).toMatchObject({
      role: "owner",
      installationOwner: false,
    });
    const response = await getAdmins(active.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      code: "ownerOnly",
      message: messages.ownerOnly,
    });
  });

  it("answers 401 without a token", async () => {
    const response = await getAdmins(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      code: "unauthorized",
      message: messages.unauthorized,
    });
  });
});

describe("PUT /api/admins/:id/state", () => {
  it("approves a pending account, which can then sign in", async () => {
    expect((await login(t.app, pendingEmail)).statusCode).toBe(403);
    const response = await setState(t.app, ownerToken, pendingId, "active");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: pendingId, username: pendingEmail, status: "active" });
    const signedIn = await login(t.app, pendingEmail);
    expect(signedIn.statusCode).toBe(200);
    expect((await profile(t.app, signedIn.json().accessToken)).json()).toMatchObject({ _id: pendingId });
  });

  it("answers 403 when a non-owner tries it", async () => {
    const response = await setState(t.app, active.token, pendingId, "disabled");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.ownerOnly);
    expect((await login(t.app, pendingEmail)).statusCode).toBe(200);
  });

  it("disables an active account: its token stops at once and it cannot sign in", async () => {
    expect((await profile(t.app, active.token)).statusCode).toBe(200);
    const response = await setState(t.app, ownerToken, active.id, "disabled");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: active.id, status: "disabled" });

    const revoked = await profile(t.app, active.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(messages.unauthorized);
    const signIn = await login(t.app, activeEmail);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      code: "accountDisabled",
      message: messages.accountDisabled,
    });
    expect(byUsername(await listAdmins(t.app, ownerToken))[activeEmail]?.status).toBe("disabled");
  });

  it("enables a disabled account again without reviving its old tokens", async () => {
    expect((await setState(t.app, ownerToken, active.id, "active")).statusCode).toBe(200);
    expect((await profile(t.app, active.token)).statusCode).toBe(401);
    const signedIn = await login(t.app, activeEmail);
    expect(signedIn.statusCode).toBe(200);
    expect((await profile(t.app, signedIn.json().accessToken)).statusCode).toBe(200);
  });

  it("refuses to let the owner disable itself", async () => {
    const response = await setState(t.app, ownerToken, ownerId, "disabled");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: "Conflict",
      code: "cannotDisableSelf",
      message: messages.cannotDisableSelf,
    });
    expect((await profile(t.app, ownerToken)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown id", async () => {
    const response = await setState(t.app, ownerToken, "01900000-0000-7000-8000-000000000000", "active");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "notFound",
      message: messages.notFound,
    });
  });

  it("answers 400 for an id that is not a UUID", async () => {
    const response = await setState(t.app, ownerToken, "not-a-uuid", "active");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      fieldErrors: { id: "Not a valid id" },
    });
  });

  it("answers 400 with a field error for a status it does not take", async () => {
    for (const status of ["pending", "banned"]) {
      const response = await setState(t.app, ownerToken, pendingId, status);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ status: messages.oneOf("status", "active, disabled") });
    }
    expect((await login(t.app, pendingEmail)).statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/admins/${pendingId}/state`,
      payload: { status: "disabled" },
    });
    expect(response.statusCode).toBe(401);
  });
});
