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

export type PasswordHashCost = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * argon2id at the argon2 package's defaults: 64 MiB, 3 passes, 4 lanes (0.1 to 0.2 s of a CPU a hash on the
 * CI machine). A stored hash names its own cost, so verifying works whatever cost made it.
 */
export const passwordHashCost: PasswordHashCost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

let hashCost = passwordHashCost;

/**
 * For test processes only (test/support/password-cost.ts): a cheaper argon2id, so the thousands of sign-ins and
 * registrations of the suites do not spend most of CI hashing. Nothing in the server calls it, and no
 * setting reaches it; the servers the tests start as processes hash at the real cost.
 */
export function setPasswordHashCostForTests(cost: PasswordHashCost) {
  hashCost = cost;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...hashCost });
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
