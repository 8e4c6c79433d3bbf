import { describe, expect, it } from "vitest";
import { testPasswordHashCost } from "../../test/support/password-cost.ts";
import {
  hashPassword,
  isCommonPassword,
  passwordHashCost,
  setPasswordHashCostForTests,
  verifyPassword,
} from "./passwords.ts";

/** Runs `check` with the server's real hashing cost, then puts the test processes' cost back. */
async function atRealCost(check: () => Promise<void>) {
  setPasswordHashCostForTests(passwordHashCost);
  try {
    await check();
  } finally {
    setPasswordHashCostForTests(testPasswordHashCost);
  }
}

describe("passwords", () => {
  it("hashes with argon2id at 64 MiB, 3 passes and 4 lanes, as a server does", () =>
    atRealCost(async () => {
      const hash = await hashPassword("correct-horse-battery");
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
      expect(await verifyPassword(hash, "correct-horse-battery")).toBe(true);
      expect(await verifyPassword(hash, "correct-horse-batterz")).toBe(false);
    }));

  it("verifies a hash by the cost it names, so hashes made at another cost still sign in", async () => {
    const cheap = await hashPassword("correct-horse-battery");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    await atRealCost(async () => {
      expect(await verifyPassword(cheap, "correct-horse-battery")).toBe(true);
    });
  });

  it("answers false, not an error, for a stored value that is no hash", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("knows the common passwords whatever their case", () => {
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("correct-horse-battery-staple-42")).toBe(false);
  });
});
