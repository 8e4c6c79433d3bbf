import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { loginBodySchema, registerFormSchema, resetBodySchema } from "./auth.ts";

/** The first message per field, as the server's 400 and the form resolver show it. */
function fieldErrors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

const validForm = {
  fullName: "Ada Lovelace",
  username: "  Ada@Example.COM ",
  password: "engine-analytical-1843",
  confirmPassword: "engine-analytical-1843",
  acceptTerms: true,
};

describe("registration form", () => {
  it("accepts a valid form and normalises the e-mail", () => {
    const parsed = registerFormSchema.parse(validForm);
    expect(parsed.username).toBe("ada@example.com");
  });

  it("gives the forms' messages, with the stronger new-password rule (decision 0002)", () => {
    const result = registerFormSchema.safeParse({
      fullName: "Al",
      username: "not-an-email",
      password: "short",
      confirmPassword: "different",
      acceptTerms: false,
    });
    expect(fieldErrors(result)).toEqual({
      fullName: messages.min(3),
      username: messages.wrongEmail,
      password: "Minimum 8 symbols",
      confirmPassword: messages.passwordMismatch,
      acceptTerms: messages.acceptTerms,
    });
  });

  it("reports a mismatched confirmation on the confirmation field", () => {
    const result = registerFormSchema.safeParse({ ...validForm, confirmPassword: "engine-analytical-1844" });
    expect(fieldErrors(result)).toEqual({ confirmPassword: "Password and Confirm Password didn't match" });
  });

  it("requires every field", () => {
    const result = registerFormSchema.safeParse({
      fullName: "",
      username: "",
      password: "",
      confirmPassword: "",
    });
    expect(fieldErrors(result)).toMatchObject({
      fullName: "Required field",
      username: "Required field",
      password: "Required field",
      confirmPassword: "Required field",
    });
  });
});

describe("sign-in and reset", () => {
  it("accepts 3 to 64 characters at sign-in, as older accounts may have short passwords", () => {
    expect(loginBodySchema.safeParse({ username: "a@b.co", password: "abc" }).success).toBe(true);
    expect(fieldErrors(loginBodySchema.safeParse({ username: "a@b.co", password: "x".repeat(65) }))).toEqual({
      password: "Maximum 64 symbols",
    });
  });

  it("asks 8 to 64 characters of a new password", () => {
    expect(
      fieldErrors(resetBodySchema.safeParse({ password: "x".repeat(65), confirmPassword: "x" })),
    ).toMatchObject({ password: "Maximum 64 symbols" });
  });
});

it("shows a mismatch even while another field is invalid", () => {
  const result = registerFormSchema.safeParse({
    ...validForm,
    fullName: "",
    confirmPassword: "other-password-1",
  });
  expect(fieldErrors(result)).toEqual({
    fullName: "Required field",
    confirmPassword: "Password and Confirm Password didn't match",
  });
});
