import { idSchema } from "@rewards/contract";
import { errors, jwtVerify, SignJWT } from "jose";
import { verifiedTokens } from "./verified-tokens.ts";

/** Who an app token speaks for: the tenant, its app user and the session signing out revokes. */
export type AppClaims = { adminId: string; userId: string; sessionId: string };

const issuer = "rewards-admin";
/**
 * Its own audience: an app token never opens /api, and an administrator's token (audience
 * "rewards-admin/api") never opens /app/v1, although both are signed with the same secret.
 */
export const appAudience = "rewards-admin/app";

/** App sessions last long (people stay signed in on their phone); signing out or a ban ends them. */
export const appTokenTtlSeconds = 30 * 86_400;

/** Signed JWTs (HS256) for the mobile app's users. */
export function createAppTokens(secret: string, ttlSeconds = appTokenTtlSeconds) {
  const key = new TextEncoder().encode(secret);
  const verified = verifiedTokens<AppClaims>();
  return {
    async sign(claims: AppClaims): Promise<string> {
      return new SignJWT({ adm: claims.adminId, sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(appAudience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid app token, or null for anything else (expired, forged, another audience). */
    async verify(token: string): Promise<AppClaims | null> {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer,
          audience: appAudience,
        });
        const ids = [payload.sub, payload.adm, payload.sid].map((value) => idSchema.safeParse(value));
        if (!ids.every((id) => id.success)) return null;
        const [userId, adminId, sessionId] = ids.map((id) => id.data as string) as [string, string, string];
        const claims = { adminId, userId, sessionId };
        verified.set(token, claims, payload.exp);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AppTokens = ReturnType<typeof createAppTokens>;
