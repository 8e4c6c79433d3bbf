import { queryRoots } from "../../../lib/query-roots";
/** Every query key of the admins feature. */
export const adminKeys = {
  all: queryRoots.admins,
  list: () => [...adminKeys.all, "list"] as const,
};
