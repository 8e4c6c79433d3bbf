import { messages } from "@rewards/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { owner } from "../test/members";
import { errorBody, stubFetch } from "../test/render";
import { ApiError, api, apiErrorOf, setMfaEnrolmentHandler, setUnauthorizedHandler } from "./api-client";
import { useAuthStore } from "./auth-store";
import { showLanguage } from "./i18n";

const user = owner;

describe("api client", () => {
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    useAuthStore.setState({ authToken: "token-1", user });
    setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthorized.mockReset();
    useAuthStore.getState().logout();
  });

  it("sends the held token as a Bearer header", async () => {
    const calls = stubFetch(() => ({ body: user }));
    await api.get("/api/profile/me");
    expect(calls[0]?.headers.Authorization).toBe("Bearer token-1");
  });

  it("forgets the token and leaves for sign-in on a 401", async () => {
    stubFetch(() => ({ status: 401, body: errorBody(401, "Please sign in again.") }));
    await expect(api.get("/api/admins")).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ authToken: null, user: null });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("keeps the session when the call opts out (a wrong password at sign-in)", async () => {
    stubFetch(() => ({ status: 401, body: errorBody(401, "The login detail is incorrect") }));
    await expect(api.post("/api/users/login", {}, { skipAuthRedirect: true })).rejects.toThrow(
      "The login detail is incorrect",
    );
    expect(useAuthStore.getState().authToken).toBe("token-1");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("sends the administrator to enrolment when the server requires two-factor sign-in first", async () => {
    const onEnrolment = vi.fn();
    setMfaEnrolmentHandler(onEnrolment);
    stubFetch(() => ({ status: 403, body: errorBody(403, messages.mfaEnrolmentRequired) }));
    await expect(api.get("/api/admins")).rejects.toMatchObject({ status: 403 });
    expect(onEnrolment).toHaveBeenCalledOnce();
    // Still signed in, and marked so the guard keeps to the enrolment screen.
    expect(useAuthStore.getState()).toMatchObject({
      authToken: "token-1",
      user: { mfaRequired: true, mfaEnabled: false },
    });

    // Any other 403 (owner only, waiting for approval) is only an error.
    onEnrolment.mockReset();
    stubFetch(() => ({ status: 403, body: errorBody(403, messages.ownerOnly) }));
    await expect(api.get("/api/admins")).rejects.toMatchObject({ status: 403 });
    expect(onEnrolment).not.toHaveBeenCalled();
    setMfaEnrolmentHandler(() => {});
  });

  it("builds an ApiError with the server's message and field errors", async () => {
    stubFetch(() => ({
      status: 400,
      body: errorBody(400, "Some fields are not valid", { password: "This password is too common" }),
    }));
    const error = await api.post("/api/users/register", {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: "Some fields are not valid",
      fieldErrors: { password: "This password is too common" },
    });
  });

  it("says a refusal in the language shown and keeps its code, which screens test instead of the text", async () => {
    await showLanguage("de");
    try {
      expect(apiErrorOf(401, errorBody(401, messages.mfaTokenInvalid))).toMatchObject({
        code: "mfaTokenInvalid",
        message:
          "Ihre Anmeldung ist abgelaufen. Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort erneut ein.",
      });
      // An answer without its code (an older server, the CSV export's stream) is read back from the English.
      expect(apiErrorOf(403, { message: messages.roleForbidden })).toMatchObject({
        code: "roleForbidden",
        message: "Ihre Rolle erlaubt dies nicht",
      });
      // No message at all: why it failed, in general.
      expect(apiErrorOf(502, undefined)).toMatchObject({ code: "internal" });
      expect(apiErrorOf(502, undefined).message).not.toBe(messages.internal);
    } finally {
      await showLanguage("en");
    }
  });
});
