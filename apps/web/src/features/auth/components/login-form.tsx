import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type LoginBody, loginBodySchema } from "@rewards/contract";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { useLogin } from "../api/login";
import { AuthFormHeader } from "./auth-form-header";
import { MfaCodeForm } from "./mfa-code-form";

type LoginFormProps = {
  /** A message carried over from another page, e.g. "reset link sent". */
  notice?: string;
  delayMs?: number;
};

export function LoginForm({ notice, delayMs }: LoginFormProps) {
  const loginMutation = useLogin({ delayMs });
  // Set while the second step (two-factor code) is showing; the e-mail stays filled in behind it.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [expired, setExpired] = useState<string>();
  const form = useForm<LoginBody>({
    initialValues: { username: "", password: "" },
    validate: formResolver(loginBodySchema),
    validateInputOnBlur: true,
  });
  const { error } = loginMutation;
  // 403 is an account waiting for approval: information, not a mistake of the visitor.
  const pending = error instanceof ApiError && error.status === 403;

  if (mfaToken) {
    return (
      <MfaCodeForm
        mfaToken={mfaToken}
        onRestart={(message) => {
          setMfaToken(null);
          setExpired(message);
          loginMutation.reset();
          form.setFieldValue("password", "");
        }}
      />
    );
  }

  return (
    <Stack gap="lg">
      <AuthFormHeader title={t("auth.login.title")} text={t("auth.login.text")} />
      {expired && !error && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} />}>
          {expired}
        </Alert>
      )}
      {notice && !error && !expired && (
        <Alert color="green" icon={<IconCircleCheck size={20} />}>
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color={pending ? "yellow" : errorColor} variant="light" icon={<IconInfoCircle size={20} />}>
          {error.message}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setExpired(undefined);
          loginMutation.mutate(values, {
            onSuccess: (answer) => {
              if ("mfaToken" in answer) setMfaToken(answer.mfaToken);
            },
          });
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t("auth.field.email")}
            type="email"
            autoComplete="username"
            {...form.getInputProps("username")}
          />
          <PasswordInput
            label={t("auth.field.password")}
            autoComplete="current-password"
            {...form.getInputProps("password")}
          />
          <Group justify="space-between" wrap="wrap-reverse" gap="sm">
            <Anchor component={Link} to={paths.auth.forgotPassword} size="sm">
              {t("auth.login.forgot")}
            </Anchor>
            <Button type="submit" loading={loginMutation.isPending}>
              {t("auth.login.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

type LoginState = { notice?: string } | null;

/** The sign-in route: a notice (e.g. why the session ended) can come along in the navigation state. */
export function LoginRoute() {
  const notice = (useLocation().state as LoginState)?.notice;
  return <LoginForm notice={notice} />;
}
