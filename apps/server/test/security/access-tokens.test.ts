import { generateKeyPairSync } from "node:crypto";
import { messages } from "@rewards/contract";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerOwner } from "../support/auth-helpers.ts";
import { startTestApp, type TestApp, testJwtSecret } from "../support/test-app.ts";

// Forged and misused access tokens against a guarded route. Each forgery differs from a valid token in
// one way only; the first test proves that token, built the same way, opens the API.
let t: TestApp;
let ownerId: string;
let sessionId: string;
const secret = new TextEncoder().encode(testJwtSecret);
const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  const token = await registerOwner(t.app, "owner@tokens.test");
  ownerId = (await t.app.inject({ method: "GET", url: "/api/profile/me", headers: bearer(token) })).json()
    ._id;
  // The sign-in's server-side session: a forged token must name a live one to get that far.
  sessionId = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sid;
});
afterAll(() => t.close());

type Claims = { iss?: string; aud?: string; exp?: number; nbf?: number; ver?: number };

function token(options: { key?: Parameters<SignJWT["sign"]>[0]; alg?: string; claims?: Claims } = {}) {
  const claims = {
    iss: "rewards-admin",
    aud: "rewards-admin/api",
    exp: now() + 600,
    ver: 0,
    ...options.claims,
  };
  const jwt = new SignJWT({ ver: claims.ver, sid: sessionId })
    .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
    .setSubject(ownerId)
    .setIssuedAt()
    .setExpirationTime(claims.exp);
  if (claims.iss) jwt.setIssuer(claims.iss);
  if (claims.aud) jwt.setAudience(claims.aud);
  if (claims.nbf) jwt.setNotBefore(claims.nbf);
  return jwt.sign(options.key ?? secret);
}

const call = (jwt: string) => t.app.inject({ method: "GET", url: "/api/profile/me", headers: bearer(jwt) });

async function expectRefused(jwt: string) {
  const response = await call(jwt);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({
    statusCode: 401,
    error: "Unauthorized",
    code: "unauthorized",
    message: messages.unauthorized,
  });
}

it("opens the API with a correctly built token (the control for every forgery below)", async () => {
  const response = await call(await token());
  expect(response.statusCode).toBe(200);
  expect(response.json()._id).toBe(ownerId);
});

describe("refuses with 401", () => {
  const unsigned = (alg: string, signature = "") =>
    `${base64url({ alg, typ: "JWT" })}.${base64url({
      sub: ownerId,
      ver: 0,
      sid: sessionId,
      iss: "rewards-admin",
      aud: "rewards-admin/api",
      iat: now(),
      exp: now() + 600,
    })}.${signature}`;

  it.each(["none", "None", "NONE", "nOnE"])("an unsigned token with alg %s", async (alg) => {
    await expectRefused(unsigned(alg));
    await expectRefused(unsigned(alg, "c2lnbmF0dXJl"));
  });

  it("a token signed with another secret", async () => {
    await expectRefused(
      await token({ key: new TextEncoder().encode("another-secret-another-secret-another-secret") }),
    );
  });

  it("a token signed with an RSA key of its own (algorithm confusion)", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await expectRefused(await token({ key: privateKey, alg: "RS256" }));
  });

  it("a token signed with the right secret but another HMAC algorithm", async () => {
    await expectRefused(await token({ alg: "HS512" }));
  });

  it("a token for another audience", async () => {
    await expectRefused(await token({ claims: { aud: "rewards-admin/mobile" } }));
  });

  it("a token without an audience", async () => {
    await expectRefused(await token({ claims: { aud: "" } }));
  });

  it("a token from another issuer", async () => {
    await expectRefused(await token({ claims: { iss: "someone-else" } }));
  });

  it("an expired token", async () => {
    await expectRefused(await token({ claims: { exp: now() - 5 } }));
  });

  it("a token not valid yet", async () => {
    await expectRefused(await token({ claims: { nbf: now() + 300 } }));
  });

  it("a valid token with its payload altered", async () => {
    const [header, , signature] = (await token()).split(".");
    const altered = base64url({
      sub: ownerId,
      ver: 0,
      sid: sessionId,
      iss: "rewards-admin",
      aud: "rewards-admin/api",
      exp: now() + 86_400 * 365,
    });
    await expectRefused(`${header}.${altered}.${signature}`);
  });
});
