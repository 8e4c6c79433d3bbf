import type { FormErrors } from "@mantine/form";
import { zod4Resolver } from "mantine-form-zod-resolver";
import type { $ZodType } from "zod/v4/core";
import { ApiError } from "./api-client";
import { translateMessage } from "./i18n";

/**
 * The contract's schema as a form validator; the first failing rule ("Required field") wins, in the
 * language shown (the schemas speak the catalogue's English).
 */
export function formResolver(schema: $ZodType) {
  const resolve = zod4Resolver(schema, { errorPriority: "first" });
  return (values: Record<string, unknown>): FormErrors => translated(resolve(values));
}

/** A 400's fieldErrors, ready for form.setErrors (same names as the form's fields). */
export function fieldErrorsOf(error: unknown): FormErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}

const translated = (errors: FormErrors): FormErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      typeof message === "string" ? translateMessage(message) : message,
    ]),
  );
