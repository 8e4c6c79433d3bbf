import { Stack } from "@mantine/core";
import { NotificationForm } from "../../features/notifications/components/notification-form";
import { NotificationHistory } from "../../features/notifications/components/notification-history";

export function NotificationRoute() {
  return (
    <Stack gap="lg">
      <NotificationForm />
      <NotificationHistory />
    </Stack>
  );
}
