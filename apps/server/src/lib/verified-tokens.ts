/**
 * The tokens this process has already verified, with their claims, until they expire. Checking a JWT's
 * signature (an HMAC through WebCrypto) was the largest part of a call's own work, and a signed-in
 * dashboard or phone sends the same token on every call: it is now checked once per process.
 *
 * Only a token that verified is kept, under its whole text, so a forged or altered token never finds an
 * entry. Nothing about revocation changes: every call still reads its session (administrators) or its
 * account and session (app users) from the database.
 */
export function verifiedTokens<Claims>(maxEntries = 10_000) {
  const entries = new Map<string, { claims: Claims; expiresAtMs: number }>();
  return {
    /** The claims of a token verified before and not expired since, else undefined. */
    get(token: string, nowMs = Date.now()): Claims | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (nowMs >= entry.expiresAtMs) {
        entries.delete(token);
        return undefined;
      }
      return entry.claims;
    },
    /** Keeps a token that has just verified, until its `exp` (seconds since the epoch). */
    set(token: string, claims: Claims, expSeconds: number | undefined) {
      if (expSeconds === undefined) return;
      // A full cache forgets its oldest entry (Map keeps insertion order): the memory stays bounded.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(token, { claims, expiresAtMs: expSeconds * 1000 });
    },
    get size() {
      return entries.size;
    },
  };
}
