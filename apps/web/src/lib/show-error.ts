import { notifications } from "@mantine/notifications";
import { errorColor } from "../theme";

/** The failed action's message as the title (decision 0007), the server's explanation beneath it. */
export function showError(action: string, error: unknown) {
  const detail = error instanceof Error ? error.message : undefined;
  notifications.show({ color: errorColor, title: action, message: detail ?? action, autoClose: 6000 });
}
