import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { messages, type RecoverBody, recoverBodySchema } from "@rewards/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { useRecover } from "../api/recover";
import { AuthFormHeader } from "./auth-form-header";

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const recoverMutation = useRecover();
  const form = useForm<RecoverBody>({
    initialValues: { email: "" },
    validate: formResolver(recoverBodySchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    recoverMutation.mutate(values, {
      // The sign-in page shows the notice; /auth forwards it to /auth/login.
      onSuccess: (answer) =>
        navigate(paths.auth.root, {
          state: { notice: translateMessage(answer?.message || messages.recoverSent) },
        }),
      onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
    }),
  );

  return (
    <Stack gap="lg">
      <AuthFormHeader title={t("auth.forgot.title")} text={t("auth.forgot.text")} />
      {recoverMutation.error && (
        <Alert color={errorColor} icon={<IconInfoCircle size={20} />}>
          {recoverMutation.error.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t("auth.field.email")}
            type="email"
            autoComplete="username"
            {...form.getInputProps("email")}
          />
          <Group justify="center" gap="sm">
            <Button type="submit" loading={recoverMutation.isPending}>
              {t("common.submit")}
            </Button>
            <Button component={Link} to={paths.auth.root} variant="default">
              {t("common.cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
