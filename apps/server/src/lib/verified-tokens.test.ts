import { describe, expect, it } from "vitest";
import { createAccessTokens } from "./access-tokens.ts";
import { createAppTokens } from "./app-tokens.ts";
import { verifiedTokens } from "./verified-tokens.ts";

const secret = "a-test-signing-secret-of-enough-length";
const ids = {
  admin: "01a04579-1e1b-74ef-b19f-b9d32ca39e0b",
  session: "01a04579-2077-72c2-bf18-dd70f54a0108",
  user: "01a0f589-89e3-7a23-a7a5-89f12dba9451",
};

describe("verifiedTokens", () => {
  it("answers a kept token's claims until its exp, then forgets it", () => {
    const cache = verifiedTokens<string>();
    cache.set("token", "claims", 100);
    expect(cache.get("token", 99_999)).toBe("claims");
    expect(cache.get("token", 100_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps no token without an exp, and stays within its size", () => {
    const cache = verifiedTokens<number>(3);
    cache.set("no-exp", 0, undefined);
    for (let i = 1; i <= 5; i++) cache.set(`t${i}`, i, 4_000_000_000);
    expect(cache.get("no-exp")).toBeUndefined();
    expect(cache.size).toBe(3);
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t5")).toBe(5);
  });
});

/** The same token with one character of its signature changed. */
const tampered = (token: string) => `${token.slice(0, -2)}${token.at(-2) === "A" ? "B" : "A"}${token.at(-1)}`;

describe("tokens verified once", () => {
  it("an administrator's token: a tampered or re-signed copy is refused after the real one was kept", async () => {
    const tokens = createAccessTokens(secret, 3600);
    const token = await tokens.sign({ adminId: ids.admin, tokenVersion: 1, sessionId: ids.session });
    const claims = { adminId: ids.admin, tokenVersion: 1, sessionId: ids.session };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(tampered(token))).toBeNull();
    const forged = await createAccessTokens("another-secret-of-enough-length-here", 3600).sign(claims);
    expect(await tokens.verify(forged)).toBeNull();
  });

  it("an administrator's token stops opening once it expires, cached or not", async () => {
    const tokens = createAccessTokens(secret, 1);
    const token = await tokens.sign({ adminId: ids.admin, tokenVersion: 1, sessionId: ids.session });
    expect(await tokens.verify(token)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await tokens.verify(token)).toBeNull();
  });

  it("an app user's token: a tampered copy is refused after the real one was kept", async () => {
    const tokens = createAppTokens(secret);
    const token = await tokens.sign({ adminId: ids.admin, userId: ids.user, sessionId: ids.session });
    expect(await tokens.verify(token)).toEqual({
      adminId: ids.admin,
      userId: ids.user,
      sessionId: ids.session,
    });
    expect(await tokens.verify(tampered(token))).toBeNull();
  });
});
