import { authEndpoints } from "@rewards/contract";
import { call } from "../../../lib/api-client";

/** How long sign-out waits for the server before forgetting the token anyway. */
const logoutTimeoutMs = 5000;

/**
 * Ends this browser's session on the server, so the token is useless even if it was copied. Never
 * fails: the caller forgets the token whatever the answer (an expired session is already ended).
 */
export async function endSession(): Promise<void> {
  try {
    await call(
      authEndpoints.logout,
      {},
      { skipAuthRedirect: true, signal: AbortSignal.timeout(logoutTimeoutMs) },
    );
  } catch {
    // Offline, timed out or already signed out: forgetting the token is all that is left to do.
  }
}
