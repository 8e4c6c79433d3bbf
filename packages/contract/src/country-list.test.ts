import { describe, expect, it } from "vitest";
import { countryChoices, countryNameOf } from "./country-list.ts";
import { countryBodySchema, countryListBodySchema } from "./resources/countries.ts";
import { rewardFieldsSchema, rewardListBodySchema } from "./resources/rewards.ts";

describe("country list", () => {
  it("holds every ISO 3166-1 alpha-2 country plus Worldwide first, by English name", () => {
    expect(countryChoices[0]).toEqual({ code: "WW", name: "Worldwide" });
    expect(countryChoices.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countryChoices.map((choice) => choice.code)).size).toBe(countryChoices.length);
    expect(countryChoices.every((choice) => /^[A-Z]{2}$/.test(choice.code))).toBe(true);
  });

  it("names a code in any case, and nothing for a code not in the list", () => {
    expect(countryNameOf("de")).toBe("Germany");
    expect(countryNameOf(" GB ")).toBe("United Kingdom");
    expect(countryNameOf("ww")).toBe("Worldwide");
    expect(countryNameOf("ZZ")).toBeUndefined();
  });
});

describe("catalog schemas", () => {
  it("upper-cases the chosen code and the code filter", () => {
    expect(countryBodySchema.parse({ code: "fr", priority: 1 })).toEqual({ code: "FR", priority: 1 });
    expect(
      countryListBodySchema.parse({ queryParams: { filter: { code: " us " } } }).queryParams,
    ).toMatchObject({
      filter: { code: "US" },
      sortField: "priority",
      sortOrder: "desc",
      pageSize: 10,
    });
  });

  it("lists rewards by id ascending, 5 a page, by default", () => {
    expect(rewardListBodySchema.parse({ queryParams: {} }).queryParams).toMatchObject({
      sortField: "_id",
      sortOrder: "asc",
      pageSize: 5,
    });
  });

  it("gives the form's first message per reward field", () => {
    const result = rewardFieldsSchema.safeParse({ name: "" });
    const first: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
    expect(first).toEqual({ name: "Reward Name is required", order: "Priority is required" });
  });
});
