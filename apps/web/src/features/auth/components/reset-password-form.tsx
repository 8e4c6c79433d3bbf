import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { messages, type ResetBody, resetBodySchema } from "@rewards/contract";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { useCheckResetToken } from "../api/check-reset-token";
import { useResetPassword } from "../api/reset-password";
import { AuthFormHeader } from "./auth-form-header";

export function ResetPasswordForm({ token }: { token: string }) {
  const check = useCheckResetToken(token);
  const resetMutation = useResetPassword(token);
  const form = useForm<ResetBody>({
    initialValues: { password: "", confirmPassword: "" },
    validate: formResolver(resetBodySchema),
    validateInputOnBlur: true,
  });
  // The check answers why a link is unusable in English; a failed check is already in the language shown.
  const tokenProblem = check.data?.message ? translateMessage(check.data.message) : check.error?.message;

  const submit = form.onSubmit((values) =>
    resetMutation.mutate(values, { onError: (failure) => form.setErrors(fieldErrorsOf(failure)) }),
  );

  if (resetMutation.isSuccess) {
    // No redirect after a successful reset; the visitor signs in from here.
    return (
      <Stack gap="lg">
        <AuthFormHeader title={t("auth.reset.title")} />
        <Alert color="green" icon={<IconCircleCheck size={20} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateMessage(resetMutation.data?.message || messages.resetDone)}</Text>
            <Anchor component={Link} to={paths.auth.login} size="sm" fw={600}>
              {t("auth.reset.signIn")}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthFormHeader title={t("auth.reset.title")} text={t("auth.reset.text")} />
      {check.isPending && (
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t("auth.reset.checking")}
          </Text>
        </Group>
      )}
      {tokenProblem && (
        <Alert color="yellow" variant="filled" icon={<IconAlertTriangle size={20} />}>
          {tokenProblem}
        </Alert>
      )}
      {resetMutation.error && (
        <Alert color={errorColor} icon={<IconAlertTriangle size={20} />}>
          {resetMutation.error.message || translateMessage(messages.resetFailed)}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Group justify="center" gap="sm">
            <Button type="submit" loading={resetMutation.isPending}>
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

/** The reset route: the token comes from the URL. */
export function ResetPasswordRoute() {
  const { token = "" } = useParams();
  // A new token is a new page: the key drops the previous form and its result.
  return <ResetPasswordForm key={token} token={token} />;
}
