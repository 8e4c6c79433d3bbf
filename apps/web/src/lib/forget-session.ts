import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "./paths";

/** What the sign-out page is told: the session has already ended, and what to say on the sign-in page. */
export type LogoutState = { sessionEnded?: boolean; notice?: string } | null;

/**
 * After this browser's session was ended on the server (revoked, or every session signed out): the
 * sign-out page forgets the token and the cached data, then shows the sign-in page with `notice`.
 * Forgetting the token here would let the signed-in area's guard redirect first and lose the notice.
 */
export function useForgetSession() {
  const navigate = useNavigate();
  return useCallback(
    (notice?: string) => {
      const state: LogoutState = { sessionEnded: true, notice };
      void navigate(paths.logout, { replace: true, state });
    },
    [navigate],
  );
}
