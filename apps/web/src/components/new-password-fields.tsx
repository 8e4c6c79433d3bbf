import { PasswordInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { t } from "../lib/i18n";

/** A new password and its confirmation: what registration, a password reset and an invitation ask. */
export function NewPasswordFields({
  form,
}: {
  form: { getInputProps: (path: "password" | "confirmPassword") => GetInputPropsReturnType };
}) {
  return (
    <>
      <PasswordInput
        label={t("auth.field.password")}
        autoComplete="new-password"
        {...form.getInputProps("password")}
      />
      <PasswordInput
        label={t("auth.field.confirmPassword")}
        autoComplete="new-password"
        {...form.getInputProps("confirmPassword")}
      />
    </>
  );
}
