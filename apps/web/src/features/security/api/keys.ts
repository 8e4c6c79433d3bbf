import { queryRoots } from "../../../lib/query-roots";

/** Every query key of the security feature: the administrator's sessions and the installation's rules. */
export const securityKeys = {
  sessions: () => [...queryRoots.security, "sessions"] as const,
  settings: () => [...queryRoots.security, "settings"] as const,
};
