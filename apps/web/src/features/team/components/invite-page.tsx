import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type InviteAcceptForm, type InviteDetails, inviteAcceptFormSchema } from "@rewards/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { useAuthStore } from "../../../lib/auth-store";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { useAcceptInvite, useCheckInvite } from "../api/invite";
import { roleLabel } from "./role-label";

type AcceptProps = { token: string; invite: InviteDetails; onJoined: () => void };

/** A new account: full name and password (twice). */
function NewAccountForm({ token, onJoined }: AcceptProps) {
  const accept = useAcceptInvite(token, onJoined);
  const form = useForm<InviteAcceptForm>({
    initialValues: { fullName: "", password: "", confirmPassword: "" },
    validate: formResolver(inviteAcceptFormSchema),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(({ fullName, password }) =>
    accept.mutate({ fullName, password }, { onError: (failure) => form.setErrors(fieldErrorsOf(failure)) }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {accept.error && <Alert color={errorColor}>{accept.error.message || t("team.error.join")}</Alert>}
        <TextInput
          label={t("admins.column.fullName")}
          autoComplete="name"
          {...form.getInputProps("fullName")}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={accept.isPending}>
          {t("team.accept.submit")}
        </Button>
      </Stack>
    </form>
  );
}

/** A signed-in account joins with its own session: one button. */
function JoinButton({ token, invite, onJoined }: AcceptProps) {
  const accept = useAcceptInvite(token, onJoined);
  const email = useAuthStore((state) => state.user?.username);
  return (
    <Stack gap="md">
      {email && <Text size="sm">{t("team.accept.signedInAs", { email })}</Text>}
      {accept.error && <Alert color={errorColor}>{accept.error.message || t("team.error.join")}</Alert>}
      <Button loading={accept.isPending} onClick={() => accept.mutate({})}>
        {t("team.accept.join", { app: invite.appName })}
      </Button>
    </Stack>
  );
}

export function InvitePage({ token }: { token: string }) {
  const check = useCheckInvite(token);
  // Decided once: accepting stores a token, and the new account's form must not turn into the join button.
  const [signedIn] = useState(() => Boolean(useAuthStore.getState().authToken));
  const navigate = useNavigate();
  const onJoined = () => void navigate(paths.dashboard, { replace: true });
  const invite = check.data;

  return (
    <Stack gap="lg">
      <Stack gap={4} align="center" ta="center">
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {invite ? t("team.accept.title", { app: invite.appName }) : t("menu.team")}
        </Title>
        {invite && (
          <Text c="dimmed" size="sm">
            {t("team.accept.text", {
              app: invite.appName,
              role: roleLabel(invite.role),
              email: invite.email,
            })}
          </Text>
        )}
      </Stack>
      {check.isPending && (
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t("common.loading")}
          </Text>
        </Group>
      )}
      {check.isError && (
        <Alert color="yellow" variant="filled" icon={<IconAlertTriangle size={20} />}>
          {t("team.accept.invalid")}
        </Alert>
      )}
      {invite &&
        (signedIn ? (
          <JoinButton token={token} invite={invite} onJoined={onJoined} />
        ) : (
          <NewAccountForm token={token} invite={invite} onJoined={onJoined} />
        ))}
    </Stack>
  );
}

/** /auth/invite/:token: the token comes from the URL. */
export function InvitePageRoute() {
  const { token = "" } = useParams();
  return <InvitePage key={token} token={token} />;
}
