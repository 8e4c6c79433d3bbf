import { idSchema } from "@rewards/contract";
import { errors, jwtVerify, SignJWT } from "jose";

export type AccessClaims = { adminId: string; tokenVersion: number };

const issuer = "rewards-admin";
const audience = "rewards-admin/api";

/** Signed JWTs (HS256) carrying the admin id and the account's token version. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ ver: claims.tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.adminId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer, audience });
        // A subject that is not an id would reach the database as a bad uuid and answer 400, not 401.
        const subject = idSchema.safeParse(payload.sub);
        if (!subject.success || typeof payload.ver !== "number") return null;
        return { adminId: subject.data, tokenVersion: payload.ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
