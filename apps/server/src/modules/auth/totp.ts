import { createHash, randomInt } from "node:crypto";
import { recoveryCodePattern } from "@rewards/contract";
import { generateSecret, generateURI, verify } from "otplib";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const period = 30;
export const totpIssuer = "Rewards Admin";

/** A new seed: 20 random bytes (160 bits, RFC 4226's recommendation), base32 for the apps. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// address a QR code carries: issuer "Rewards Admin", the account's e-mail as its label. */
export const otpauthUrl = (email: string, secret: string): string =>
  generateURI({ issuer: totpIssuer, label: email, secret, algorithm: "sha1", digits: 6, period });

/**
 * The time step a 6-digit code belongs to, or null when it is wrong. One step either side is accepted
 * for clock drift; a step at or before `lastStep` (the last code accepted) is refused, so a code that was
 * seen cannot be used again.
 */
export async function totpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  nowMs: number,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    algorithm: "sha1",
    digits: 6,
    period,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: period,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

// Crockford's base32: no i, l, o or u, so a code read aloud or copied by hand is not misread.
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
export const recoveryCodeCount = 10;

/** Ten codes of 15 random symbols (75 bits each), in three groups of five. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const symbols = Array.from({ length: 15 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${symbols.slice(0, 5)}-${symbols.slice(5, 10)}-${symbols.slice(10)}`;
  });
}

export const isRecoveryCode = (code: string) => recoveryCodePattern.test(code);

/**
 * SHA-256 of the account id and the code. The codes are random with 75 bits each, so a slow password
 * hash adds nothing against guessing from a stolen table, and a fast one lets a single indexed
 * UPDATE find and use up a code atomically. The account id keeps equal codes of two accounts apart.
 */
export const hashRecoveryCode = (adminId: string, code: string): string =>
  createHash("sha256").update(`${adminId}:${code}`).digest("hex");
