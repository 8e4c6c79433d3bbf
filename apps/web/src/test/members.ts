import type { MemberRole, Profile } from "@rewards/contract";
import { useAuthStore } from "../lib/auth-store";
import { showTimeZone } from "../lib/language";

/** The signed-in administrator of the tests: the owner of their own app and of the installation. */
export const owner = {
  _id: "u1",
  fullName: "Ann Owner",
  username: "ann@example.com",
  appId: "u1",
  role: "owner" as const,
  installationOwner: true,
  mfaEnabled: false,
  mfaRequired: false,
  adjustmentAllowance: null as number | null,
  language: "en" as const,
  timeZone: "UTC",
};

/** A support agent's allowance in the tests: what is left of the app's 24-hour adjustment limit. */
export const supportAllowance = 1000;

/**
 * The same administrator as a member of the app with `role` (not the installation's owner unless owner); a
 * support agent has an adjustment allowance, the other roles none.
 */
export function memberAs(role: MemberRole): Profile {
  return {
    ...owner,
    role,
    installationOwner: role === "owner",
    adjustmentAllowance: role === "support" ? supportAllowance : null,
  };
}

/** Signs the test's administrator in with `role`, for a component rendered on its own. */
export function signInAs(role: MemberRole = "owner") {
  useAuthStore.setState({ authToken: "jwt-1", user: memberAs(role) });
  showTimeZone(owner.timeZone);
}
