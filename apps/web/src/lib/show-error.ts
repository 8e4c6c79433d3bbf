import { notifications } from "@mantine/notifications";
import { errorColor } from "../theme";

/** SPEC 8: the failed action's message as the title, the server's explanation beneath it. */
export function showError(action: string, error: unknown) {
  const detail = error instanceof Error ? error.message : undefined;
  notifications.show({ color: errorColor, title: action, message: detail ?? action, autoClose: 6000 });
}
