import { useEffect } from "react";
import { showError } from "./show-error";

/** Shows SPEC 8's message for a failed load once per failure, with the server's message beneath it. */
export function useErrorNotification(action: string, error: Error | null) {
  useEffect(() => {
    if (error) showError(action, error);
  }, [action, error]);
}
