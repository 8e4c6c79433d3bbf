import { timingSafeEqual } from "node:crypto";
import { secretMask } from "@rewards/contract";

/**
 * Secrets in settings (decision 0010): secrets are answered as "••••" plus the last 4 characters. A secret
 * shorter than 12 shows none of them, so a mask never gives away a large part of a secret.
 */
export function maskSecret(secret: string): string {
  if (!secret) return "";
  return secretMask + shownTail(secret);
}

/** What a mask shows of a secret: its last 4 characters when it has 12 or more, else nothing. */
export const shownTail = (secret: string) => (secret.length >= 12 ? secret.slice(-4) : "");

/** A save that sends the mask of the stored secret back keeps it; any other value replaces it. */
export function keepOrReplace(incoming: string, stored: string | undefined): string {
  return stored !== undefined && incoming === maskSecret(stored) ? stored : incoming;
}

/**
 * Two secrets (a token, a postback secret, a digest) compared in constant time, so a caller cannot learn
 * one character at a time how much of its guess was right.
 */
export function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
