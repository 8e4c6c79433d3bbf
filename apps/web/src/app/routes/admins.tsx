import { Alert, Stack } from "@mantine/core";
import { messages } from "@rewards/contract";
import { IconLock } from "@tabler/icons-react";
import { AdminsList } from "../../features/admins/components/admins-list";
import { RequireMfaCard } from "../../features/security/components/require-mfa-card";
import { useAuthStore } from "../../lib/auth-store";
import { t, translateMessage } from "../../lib/i18n";

export function AdminsRoute() {
  const user = useAuthStore((state) => state.user);
  if (!user?.installationOwner) {
    return (
      <Alert color="yellow" title={t("errorPage.forbidden")} icon={<IconLock size={20} />}>
        {translateMessage(messages.ownerOnly)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <RequireMfaCard />
      <AdminsList currentUserId={user._id} />
    </Stack>
  );
}
