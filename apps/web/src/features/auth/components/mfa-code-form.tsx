import { Alert, Anchor, Button, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type MfaCodeBody, mfaCodeBodySchema } from "@rewards/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { MfaCodeField } from "../../../components/mfa-code-field";
import { ApiError } from "../../../lib/api-client";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { useLoginMfa } from "../api/login";
import { AuthFormHeader } from "./auth-form-header";

type MfaCodeFormProps = {
  mfaToken: string;
  /** Back to the e-mail and password, with a message when the second step has expired. */
  onRestart: (message?: string) => void;
};

/** The second step of signing in with two-factor sign-in on. */
export function MfaCodeForm({ mfaToken, onRestart }: MfaCodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  const loginMfa = useLoginMfa();
  const form = useForm<MfaCodeBody>({
    initialValues: { code: "" },
    validate: formResolver(mfaCodeBodySchema),
  });

  const submit = form.onSubmit(({ code }) =>
    loginMfa.mutate(
      { mfaToken, code },
      {
        onError: (error) => {
          // The step's token lives a few minutes: past that only the password step can start again.
          if (error instanceof ApiError && error.code === "mfaTokenInvalid") onRestart(error.message);
          else form.setFieldValue("code", "");
        },
      },
    ),
  );

  const switchMode = () => {
    setRecovery((value) => !value);
    form.reset();
    loginMfa.reset();
  };

  return (
    <Stack gap="lg">
      <AuthFormHeader
        title={t("auth.mfa.title")}
        text={recovery ? t("auth.mfa.recoveryText") : t("auth.mfa.text")}
      />
      {loginMfa.error && (
        <Alert color={errorColor} variant="light" icon={<IconInfoCircle size={20} />} role="alert">
          {loginMfa.error.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <MfaCodeField
            key={recovery ? "recovery" : "code"}
            recovery={recovery}
            // The one field of this step, reached right after the password.
            autoFocus
            {...form.getInputProps("code")}
          />
          <Group justify="space-between" wrap="wrap-reverse" gap="sm">
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {recovery ? t("auth.mfa.useApp") : t("auth.mfa.useRecovery")}
            </Anchor>
            <Button type="submit" loading={loginMfa.isPending}>
              {t("auth.mfa.submit")}
            </Button>
          </Group>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onRestart()}>
            {t("auth.mfa.back")}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
