import type { UseFormReturnType } from "@mantine/form";
import { fieldErrorsOf } from "./form";
import { showError } from "./show-error";

/**
 * A failed save: a 400's field errors go onto the fields the form has; anything else (or errors on
 * fields it does not show) becomes the action's own message (decision 0007), with the server's beneath it.
 */
export function showSaveError<V extends object>(
  form: Pick<UseFormReturnType<V>, "setErrors" | "values">,
  action: string,
  error: unknown,
) {
  const onForm = Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).filter(([field]) => (field.split(".")[0] as string) in form.values),
  );
  if (Object.keys(onForm).length > 0) form.setErrors(onForm);
  else showError(action, error);
}
