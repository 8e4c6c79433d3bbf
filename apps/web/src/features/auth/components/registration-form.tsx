import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type RegisterForm, registerFormSchema } from "@rewards/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { ApiError } from "../../../lib/api-client";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { useRegister } from "../api/register";
import { AuthFormHeader } from "./auth-form-header";

// The contract types acceptTerms as `true`; the form starts unticked.
type RegistrationValues = Omit<RegisterForm, "acceptTerms"> & { acceptTerms: boolean };

export function RegistrationForm() {
  const registerMutation = useRegister();
  const form = useForm<RegistrationValues>({
    initialValues: { fullName: "", username: "", password: "", confirmPassword: "", acceptTerms: false },
    validate: formResolver(registerFormSchema),
    validateInputOnBlur: true,
  });
  const { error } = registerMutation;
  const pending = error instanceof ApiError && error.status === 403;

  const submit = form.onSubmit(({ acceptTerms: _accepted, ...body }) =>
    registerMutation.mutate(body, { onError: (failure) => form.setErrors(fieldErrorsOf(failure)) }),
  );

  return (
    <Stack gap="lg">
      <AuthFormHeader title={t("auth.registration.title")} text={t("auth.registration.text")} />
      {error && (
        <Alert
          color={pending ? "yellow" : errorColor}
          title={pending ? t("auth.registration.pendingTitle") : undefined}
          icon={<IconInfoCircle size={20} />}
        >
          {error.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t("auth.field.fullName")}
            autoComplete="name"
            {...form.getInputProps("fullName")}
          />
          <TextInput
            label={t("auth.field.email")}
            type="email"
            autoComplete="username"
            {...form.getInputProps("username")}
          />
          <NewPasswordFields form={form} />
          <Checkbox
            label={
              <Text span size="sm">
                {t("auth.registration.agree")}{" "}
                <Anchor href={paths.terms} target="_blank" rel="noopener" size="sm">
                  {t("auth.registration.terms")}
                </Anchor>
              </Text>
            }
            {...form.getInputProps("acceptTerms", { type: "checkbox" })}
          />
          <Group justify="center" gap="sm">
            <Button
              type="submit"
              loading={registerMutation.isPending}
              disabled={!form.values.acceptTerms || registerMutation.isPending}
            >
              {t("common.submit")}
            </Button>
            <Button component={Link} to={paths.auth.login} variant="default">
              {t("common.cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
