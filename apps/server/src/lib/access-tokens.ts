import { idSchema } from "@rewards/contract";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { verifiedTokens } from "./verified-tokens.ts";

/** An access token names its account, the account's token version and its server-side session. */
export type AccessClaims = { adminId: string; tokenVersion: number; sessionId: string };
/** The first step of a two-factor sign-in: the password was right, a code is still owed. */
export type MfaClaims = { adminId: string; tokenVersion: number };

const issuer = "rewards-admin";
const audience = "rewards-admin/api";
// Its own audience: an mfaToken never verifies as an access token, nor the other way round.
const mfaAudience = "rewards-admin/mfa";
export const mfaTokenTtlSeconds = 5 * 60;

/** Signed JWTs (HS256): access tokens, and the short-lived tokens between a password and its code. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const verifiedAccess = verifiedTokens<AccessClaims>();

  const sign = (payload: JWTPayload, subject: string, aud: string, ttl: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(subject)
      .setIssuer(issuer)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(key);

  /** The payload of a valid token for this audience, or null (expired, forged, malformed, other audience). */
  async function payloadOf(token: string, aud: string) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer, audience: aud });
      // A subject that is not an id would reach the database as a bad uuid and answer 400, not 401.
      const subject = idSchema.safeParse(payload.sub);
      if (!subject.success || typeof payload.ver !== "number") return null;
      return { payload, adminId: subject.data, tokenVersion: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    ttlSeconds,
    sign(claims: AccessClaims): Promise<string> {
      return sign({ ver: claims.tokenVersion, sid: claims.sessionId }, claims.adminId, audience, ttlSeconds);
    },
    /** The claims of a valid access token, or null for anything else; a token without a session is refused. */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verifiedAccess.get(token);
      if (known) return known;
      const verified = await payloadOf(token, audience);
      const session = idSchema.safeParse(verified?.payload.sid);
      if (!verified || !session.success) return null;
      const claims = {
        adminId: verified.adminId,
        tokenVersion: verified.tokenVersion,
        sessionId: session.data,
      };
      verifiedAccess.set(token, claims, verified.payload.exp);
      return claims;
    },
    signMfa(claims: MfaClaims): Promise<string> {
      return sign({ ver: claims.tokenVersion }, claims.adminId, mfaAudience, mfaTokenTtlSeconds);
    },
    async verifyMfa(token: string): Promise<MfaClaims | null> {
      const verified = await payloadOf(token, mfaAudience);
      return verified ? { adminId: verified.adminId, tokenVersion: verified.tokenVersion } : null;
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
