import { describe, expect, it } from "vitest";
import { canonicalTimeZone, isTimeZone, knownZoneCount } from "./common.ts";
import { dashboardQuerySchema } from "./resources/dashboard.ts";
import { generalConfigBodySchema } from "./resources/settings.ts";

/** `count` spellings of a zone in different mixes of cases (each of its letters upper or lower). */
function spellings(zone: string, count: number) {
  const letterAt = [...zone].flatMap((character, i) => (/[a-z]/i.test(character) ? [i] : []));
  return Array.from({ length: count }, (_, n) => {
    const characters = [...zone.toLowerCase()];
    letterAt.forEach((at, bit) => {
      if ((n >> bit) & 1) characters[at] = characters[at]?.toUpperCase() ?? "";
    });
    return characters.join("");
  });
}

describe("time zones", () => {
  it("hands on the canonical name of a zone spelled in any case", () => {
    expect(canonicalTimeZone("eUrOpE/bErLiN")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(dashboardQuerySchema.parse({ tz: "america/new_york" }).tz).toBe("America/New_York");
    expect(generalConfigBodySchema.shape.timeZone.parse("ASIA/TOKYO")).toBe("Asia/Tokyo");
  });

  it("refuses a zone Intl does not know", () => {
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(dashboardQuerySchema.safeParse({ tz: "Mars/Olympus_Mons" }).success).toBe(false);
  });

  it("keeps only canonical names, however many spellings callers send", () => {
    isTimeZone("America/Los_Angeles");
    const before = knownZoneCount();
    const variants = spellings("America/Los_Angeles", 2_000);
    expect(new Set(variants).size).toBe(2_000);
    for (const zone of variants) expect(isTimeZone(zone)).toBe(true);
    expect(knownZoneCount()).toBe(before);
  });
});
