import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type MfaCodeBody, mfaCodeBodySchema } from "@rewards/contract";
import { useState } from "react";
import { MfaCodeField } from "../../../components/mfa-code-field";
import { ApiError } from "../../../lib/api-client";
import { useReturnFocus } from "../../../lib/focus";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useDisableMfa } from "../api/mfa";

/** Turning two-factor sign-in off takes a code, so a borrowed session alone cannot do it. */
export function MfaDisableModal({ onClose }: { onClose: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const disable = useDisableMfa();
  useReturnFocus();
  const form = useForm<MfaCodeBody>({
    initialValues: { code: "" },
    validate: formResolver(mfaCodeBodySchema),
  });
  const submit = form.onSubmit((values) =>
    disable.mutate(values, {
      onSuccess: onClose,
      onError: (error) => {
        if (error instanceof ApiError && error.status < 500) form.setFieldError("code", error.message);
        else showError(t("mfa.disableFailed"), error);
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("mfa.disable.title")}
      size="sm"
      centered
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t("mfa.disable.text")}</Text>
          <MfaCodeField
            key={recovery ? "recovery" : "code"}
            recovery={recovery}
            data-autofocus
            {...form.getInputProps("code")}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              setRecovery((value) => !value);
              form.reset();
            }}
          >
            {recovery ? t("auth.mfa.useApp") : t("auth.mfa.useRecovery")}
          </Anchor>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t("mfa.disable.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
