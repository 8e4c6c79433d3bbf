import type { Profile } from "@rewards/contract";

/** The screen an administrator is kept on until two-factor sign-in is on, when the owner requires it. */
export const mfaEnrolmentPath = "/security/two-factor";

export function needsMfaEnrolment(user: Profile | null | undefined): boolean {
  return user?.mfaRequired === true && user.mfaEnabled !== true;
}
