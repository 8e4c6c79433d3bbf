import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import argon2 from "argon2";

const commonPasswordCount = 10_000;

let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords, from zxcvbn-ts's frequency-ranked list (read once, on first use). */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const path = createRequire(import.meta.url).resolve("@zxcvbn-ts/language-common/src/passwords.json");
    const ranked = JSON.parse(readFileSync(path, "utf8")) as string[];
    commonPasswords = new Set(ranked.slice(0, commonPasswordCount));
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash for unknown accounts keeps the answer time the same, so timing
// does not tell which e-mail addresses have an account.
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword("decoy-password-for-timing");
  await verifyPassword(await decoyHash, password);
}
