import { useEffect } from "react";
import { showError } from "./show-error";

/** Shows the action's message for a failed load once per failure, the server's beneath it (decision 0007). */
export function useErrorNotification(action: string, error: Error | null) {
  useEffect(() => {
    if (error) showError(action, error);
  }, [action, error]);
}
