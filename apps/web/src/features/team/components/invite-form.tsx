import { Alert, Button, Group, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type InviteBody, inviteBodySchema } from "@rewards/contract";
import { ApiError } from "../../../lib/api-client";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { useInvite } from "../api/team";
import { roleOptions } from "./role-label";

/** Invite by e-mail with a role: the server mails the link (or writes it to its log). */
export function InviteForm() {
  const invite = useInvite();
  const form = useForm<InviteBody>({
    initialValues: { email: "", role: "support" },
    validate: formResolver(inviteBodySchema),
  });
  const submit = form.onSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("team.invite.sent", { email: values.email }) });
        form.reset();
      },
      onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
    }),
  );
  // A refusal that names no field (already a member: 409) shows above the form.
  const generalError =
    invite.error && Object.keys(fieldErrorsOf(invite.error)).length === 0 ? invite.error : null;
  return (
    <form noValidate onSubmit={submit} aria-label={t("team.invite.title")}>
      {generalError && (
        <Alert color={errorColor} mb="sm">
          {generalError instanceof ApiError ? generalError.message : String(generalError)}
        </Alert>
      )}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t("admins.column.email")}
          type="email"
          autoComplete="off"
          miw={260}
          style={{ flex: 1 }}
          {...form.getInputProps("email")}
        />
        <Select
          label={t("team.members.role")}
          data={roleOptions()}
          allowDeselect={false}
          w={160}
          {...form.getInputProps("role")}
        />
        <Button type="submit" mt={25} loading={invite.isPending}>
          {t("team.invite.submit")}
        </Button>
      </Group>
    </form>
  );
}
