import type { FormErrors } from "@mantine/form";
import { zod4Resolver } from "mantine-form-zod-resolver";
import type { $ZodType } from "zod/v4/core";
import { ApiError } from "./api-client";

/** The contract's schema as a form validator; the first failing rule ("Required field") wins. */
export function formResolver(schema: $ZodType) {
  return zod4Resolver(schema, { errorPriority: "first" });
}

/** A 400's fieldErrors, ready for form.setErrors (same names as the form's fields). */
export function fieldErrorsOf(error: unknown): FormErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}
