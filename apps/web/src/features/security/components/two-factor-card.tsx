import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { MfaDisableModal } from "./mfa-disable-modal";

// The QR code library comes with the set-up dialog, not with every page of the dashboard.
const MfaEnrolModal = lazy(async () => ({ default: (await import("./mfa-enrol-modal")).MfaEnrolModal }));

/** Two-factor sign-in of the signed-in administrator: whether it is on, and the way to change that. */
export function TwoFactorCard() {
  const user = useAuthStore((state) => state.user);
  const [dialog, setDialog] = useState<"enrol" | "disable" | null>(null);
  const enabled = user?.mfaEnabled === true;
  const close = () => setDialog(null);

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock size={22} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Text fw={600}>{t("mfa.title")}</Text>
            <Text size="sm" c="dimmed">
              {enabled ? t("mfa.status.onText") : t("mfa.status.offText")}
            </Text>
            {user?.mfaRequired && (
              <Text size="xs" c="dimmed">
                {t("mfa.status.required")}
              </Text>
            )}
          </Stack>
        </Group>
        <Badge color={enabled ? "green" : "gray"} variant="light" style={{ flexShrink: 0 }}>
          {enabled ? t("mfa.status.on") : t("mfa.status.off")}
        </Badge>
      </Group>
      <Group justify="flex-end" mt="sm">
        {enabled ? (
          <Button size="xs" variant="default" onClick={() => setDialog("disable")}>
            {t("mfa.turnOff")}
          </Button>
        ) : (
          <Button size="xs" onClick={() => setDialog("enrol")}>
            {t("mfa.setUp")}
          </Button>
        )}
      </Group>
      {dialog === "enrol" && (
        <Suspense fallback={null}>
          <MfaEnrolModal onClose={close} />
        </Suspense>
      )}
      {dialog === "disable" && <MfaDisableModal onClose={close} />}
    </Card>
  );
}
