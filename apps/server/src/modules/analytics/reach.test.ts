import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.ts";
import { estimateReach, sketchRegisterBits, sketchRegisters } from "./reach.ts";

/** A sketch as the database builds it, from random 32-bit hashes (register, then trailing zeros). */
function sketchOf(count: number, random: () => number): string {
  const bits = new Uint8Array(sketchRegisters * sketchRegisterBits);
  for (let i = 0; i < count; i++) {
    const hash = Math.floor(random() * 2 ** 32);
    const register = hash & 511;
    let rest = (hash >>> 9) & 0x7fffff;
    let zeros = 0;
    if (rest === 0) zeros = 15;
    while (rest !== 0 && (rest & 1) === 0 && zeros < 15) {
      rest >>>= 1;
      zeros++;
    }
    bits[register * sketchRegisterBits + zeros] = 1;
  }
  return bits.join("");
}

describe("estimateReach", () => {
  it("counts nobody in an empty or missing sketch", () => {
    expect(estimateReach(null)).toBe(0);
    expect(estimateReach("0".repeat(8192))).toBe(0);
  });

  it("is exact for one user", () => {
    expect(estimateReach(sketchOf(1, seededRandom(1)))).toBe(1);
  });

  it.each([10, 100, 1_000, 2_000, 10_000, 100_000, 1_000_000])(
    "is within a tenth of %i users, and a twentieth on average over 10 sketches",
    (users) => {
      const random = seededRandom(users);
      const errors = Array.from({ length: 10 }, () => estimateReach(sketchOf(users, random)) / users - 1);
      for (const error of errors) expect(Math.abs(error)).toBeLessThan(0.1);
      const rms = Math.sqrt(errors.reduce((sum, error) => sum + error * error, 0) / errors.length);
      expect(rms).toBeLessThan(0.05);
    },
  );
});
