import { createHmac } from "node:crypto";

const period = 30;
const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function decodeBase32(secret: string): Buffer {
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    const value = base32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

export const totpStepAt = (ms: number) => Math.floor(ms / 1000 / period);

/** RFC 6238's code (SHA-1, 6 digits, 30 s) of a time step, as an authenticator app shows it. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", decodeBase32(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/**
 * Codes for one account, as a person reading the app would type them: each one of a later step than
 * the last (the server refuses a step it has seen), waiting for the next step when the server would
 * not yet accept it (it takes one step of clock drift either side).
 */
export function totpCodes(secret: string) {
  let lastStep = -1;
  return {
    async next(): Promise<string> {
      let now = totpStepAt(Date.now());
      while (lastStep + 1 > now + 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        now = totpStepAt(Date.now());
      }
      lastStep = Math.max(now, lastStep + 1);
      return totpCode(secret, lastStep);
    },
  };
}
