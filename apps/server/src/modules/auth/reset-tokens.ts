import { createHash, randomBytes } from "node:crypto";

export const resetTokenTtlMs = 60 * 60 * 1000;

/** 32 random bytes for the link; only the SHA-256 hash is stored. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
