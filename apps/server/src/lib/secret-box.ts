import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * Secrets at rest (network secrets, mail and push keys, TOTP seeds): AES-256-GCM with a key that never
 * enters the database, so a dump or a stolen backup alone reveals none of them. Values are stored as
 * `enc:v1:<iv>:<ciphertext and tag>` (base64url). Columns declared with `encryptedText` seal on write and
 * open on read, so services read and write plain text through Drizzle and cannot forget to encrypt.
 */

const prefix = "enc:v1:";
const ivBytes = 12;
const tagBytes = 16;

let activeKey: Buffer | null = null;

/** A key from text: 32 random bytes as base64/base64url/hex, or any passphrase of 32+ characters. */
export function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  for (const encoding of ["base64url", "base64", "hex"] as const) {
    const bytes = Buffer.from(trimmed, encoding);
    if (bytes.length === 32 && bytes.toString(encoding).replace(/=+$/, "") === trimmed.replace(/=+$/, "")) {
      return bytes;
    }
  }
  if (trimmed.length < 32) throw new Error("a secrets key must be at least 32 characters");
  return createHash("sha256").update(trimmed).digest();
}

/** Sets the key every encrypted column uses from now on (once per process, before the first query). */
export function useSecretsKey(key: Buffer): void {
  if (key.length !== 32) throw new Error("the secrets key must be 32 bytes");
  activeKey = key;
}

function currentKey(): Buffer {
  if (!activeKey) throw new Error("no secrets key loaded: open the database with openConfiguredDatabase");
  return activeKey;
}

export const isSealed = (value: string) => value.startsWith(prefix);

/**
 * SQL true of a stored value still in clear (written before its column was encrypted, or loaded by SQL),
 * which the start seals (`sealClearSecrets`). The prefix is a literal, not a parameter, so the same text
 * declares the partial indexes that find such rows without reading a whole table.
 */
export const storedInClear = (column: SQLWrapper): SQL =>
  sql`(${column} <> '' and ${column} not like ${sql.raw(`'${prefix}%'`)})`;

/** Encrypts a secret; the empty string stays empty, so "not set" reads the same as before. */
export function sealSecret(plain: string, key: Buffer = currentKey()): string {
  if (plain === "") return "";
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${prefix}${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export class SecretKeyMismatchError extends Error {}

/** Decrypts a sealed value. A value written before encryption existed is returned as it is. */
export function openSecret(stored: string, key: Buffer = currentKey()): string {
  if (!isSealed(stored)) return stored;
  const [ivText, sealedText] = stored.slice(prefix.length).split(":");
  const iv = Buffer.from(ivText ?? "", "base64url");
  const sealed = Buffer.from(sealedText ?? "", "base64url");
  if (iv.length !== ivBytes || sealed.length < tagBytes) throw new SecretKeyMismatchError("malformed secret");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - tagBytes)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new SecretKeyMismatchError("a secret could not be decrypted with this secrets key");
  }
}

/**
 * A keyed fingerprint of a value (HMAC-SHA256, hex) under a key derived from the secrets key: equal values
 * give equal fingerprints, so duplicates are found without decrypting, and a database dump alone cannot
 * test guesses against them.
 */
export function fingerprint(text: string, key: Buffer = currentKey()): string {
  const fingerprintKey = createHmac("sha256", key).update("reward-code-fingerprint").digest();
  return createHmac("sha256", fingerprintKey).update(text, "utf8").digest("hex");
}

/**
 * Sealed values opened under the active key, by their sealed text: every postback reads its network's
 * secrets, and opening three of them each time was about a twentieth of the server's work a postback. A
 * sealed text always opens to the same value (a new secret is sealed with a new IV, so it is a new
 * entry); the entries go when the key changes, and all of them past a thousand.
 */
let opened: { key: Buffer; values: Map<string, string> } | null = null;
const maxOpened = 1000;

/** openSecret under the active key, remembered (see `opened`): what an encrypted column reads with. */
export function openColumnSecret(stored: string): string {
  const key = currentKey();
  if (opened?.key !== key) opened = { key, values: new Map() };
  const known = opened.values.get(stored);
  if (known !== undefined) return known;
  const plain = openSecret(stored, key);
  if (opened.values.size >= maxOpened) opened.values.clear();
  opened.values.set(stored, plain);
  return plain;
}

/** A text column whose value is encrypted at rest. */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => sealSecret(value),
  fromDriver: (value) => openColumnSecret(value),
});

/**
 * The key: SECRETS_KEY when set (required when several hosts share one PostgreSQL), else
 * `<data dir>/secrets.key`, created with 32 random bytes on first start, readable by its owner only.
 */
export function loadSecretsKey(options: { secretsKey: string | undefined; dataDir: string }): {
  key: Buffer;
  source: "environment" | "file";
  path?: string;
} {
  if (options.secretsKey) return { key: keyFromText(options.secretsKey), source: "environment" };
  const path = join(options.dataDir, "secrets.key");
  mkdirSync(options.dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return { key: keyFromText(readFileSync(path, "utf8")), source: "file", path };
}
