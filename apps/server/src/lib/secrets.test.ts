import { describe, expect, it } from "vitest";
import { keepOrReplace, maskSecret } from "./secrets.ts";

describe("secrets", () => {
  it("masks with the last 4 characters, and shows none of a short secret", () => {
    expect(maskSecret("key-0123456789abcd")).toBe("••••abcd");
    expect(maskSecret("short-key")).toBe("••••");
    expect(maskSecret("")).toBe("");
  });

  it("keeps the stored secret when its mask comes back, and takes any other value", () => {
    const stored = "key-0123456789abcd";
    expect(keepOrReplace("••••abcd", stored)).toBe(stored);
    expect(keepOrReplace("••••abce", stored)).toBe("••••abce");
    expect(keepOrReplace("key-new-value-1234", stored)).toBe("key-new-value-1234");
    expect(keepOrReplace("••••abcd", undefined)).toBe("••••abcd");
  });
});
