import { profileQueryKey } from "../../../lib/current-admin";
import { queryRoots } from "../../../lib/query-roots";

/** Every query key of the auth feature: the signed-in profile and the reset-link checks. */
export const authKeys = {
  all: queryRoots.auth,
  /** Defined in lib: other features refresh the profile after changing the account. */
  profile: () => profileQueryKey,
  resetToken: (token: string) => [...authKeys.all, "reset-token", token] as const,
};
