import { messages } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, login, registerOwner } from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app, "lingua@rewards.test");
});
afterAll(() => t.close());

const me = (token: string, acceptLanguage?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/profile/me",
    headers: { ...bearer(token), ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) },
  });
const choose = (token: string, body: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/profile/me", headers: bearer(token), payload: body as object });

describe("the member's language", () => {
  it("follows the request's Accept-Language until the member chooses, English without one", async () => {
    expect((await me(owner)).json().language).toBe("en");
    expect((await me(owner, "de-DE,de;q=0.9,en;q=0.8")).json().language).toBe("de");
    expect((await me(owner, "pt-BR, zh-CN;q=0.5")).json().language).toBe("zh");
    expect((await me(owner, "pt-BR")).json().language).toBe("en");
  });

  it("is kept once chosen, whatever the browser asks for", async () => {
    const response = await choose(owner, { language: "ja" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ language: "ja", username: "lingua@rewards.test" });
    expect((await me(owner, "de")).json().language).toBe("ja");

    // A new session of the same account reads the same choice.
    const again = (await login(t.app, "lingua@rewards.test")).json().accessToken as string;
    expect((await me(again, "fr")).json().language).toBe("ja");
  });

  it("refuses a language it does not have with a 400, a code and a message, and keeps the choice", async () => {
    for (const language of ["pt", "EN", "", null, 3]) {
      const response = await choose(owner, { language });
      expect(response.statusCode, String(language)).toBe(400);
      expect(response.json()).toMatchObject({
        code: "languageUnknown",
        message: `language: ${messages.languageUnknown}`,
        params: { field: "language" },
        fieldErrors: { language: messages.languageUnknown },
      });
    }
    expect((await me(owner)).json().language).toBe("ja");
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/profile/me",
      payload: { language: "de" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "unauthorized", message: messages.unauthorized });
  });
});

describe("error codes", () => {
  it("name the reason of a refusal beside its English message", async () => {
    const response = await login(t.app, "lingua@rewards.test", "not-the-password");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "loginIncorrect", message: messages.loginIncorrect });
  });

  it("carry a message's arguments, numbers as numbers", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { fullName: "Al", username: "x@rewards.test", password: "a", confirmPassword: "a" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "min", params: { n: 3, field: "fullName" } });
  });
});
