import { Alert, Card, Loader, Stack, Switch, Text } from "@mantine/core";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { errorColor } from "../../../theme";
import { useSaveSecuritySettings, useSecuritySettings } from "../api/security-settings";

/** The owner's switch: every administrator must use two-factor sign-in. */
export function RequireMfaCard() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  // Shows the value being saved at once; the server's answer replaces it.
  const checked = save.isPending ? save.variables.requireMfa : settings.data?.requireMfa === true;
  // The server refuses the rule until the owner uses 2FA too: otherwise it would lock the owner out of it.
  const ownerFirst = useAuthStore((state) => state.user?.mfaEnabled !== true) && !checked;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Text fw={600}>{t("security.installation.title")}</Text>
        {settings.isError ? (
          <Alert color={errorColor} title={t("security.installation.loadFailed")}>
            {settings.error.message}
          </Alert>
        ) : (
          <Switch
            checked={checked}
            disabled={!settings.data || save.isPending || ownerFirst}
            onChange={(event) =>
              save.mutate(
                { requireMfa: event.currentTarget.checked },
                { onError: (error) => showError(t("security.installation.saveFailed"), error) },
              )
            }
            label={t("security.installation.requireMfa")}
            description={
              ownerFirst ? t("security.installation.ownerFirst") : t("security.installation.requireMfaHint")
            }
            thumbIcon={settings.isPending || save.isPending ? <Loader size={10} /> : undefined}
          />
        )}
      </Stack>
    </Card>
  );
}
