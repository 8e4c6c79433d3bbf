import { Stack } from "@mantine/core";
import { NotificationForm } from "./notification-form";
import { NotificationHistory } from "./notification-history";

/** The notification screen: the form to send one, then the ones sent. */
export function NotificationPage() {
  return (
    <Stack gap="lg">
      <NotificationForm />
      <NotificationHistory />
    </Stack>
  );
}
