import type { Profile } from "@rewards/contract";

/** Whether the administrator must turn two-factor sign-in on first: the owner requires it and it is off. */
export function needsMfaEnrolment(user: Profile | null | undefined): boolean {
  return user?.mfaRequired === true && user.mfaEnabled !== true;
}
