import { notifications } from "@mantine/notifications";

/** A write's success, briefly. */
export function showDone(message: string) {
  notifications.show({ color: "green", message });
}
