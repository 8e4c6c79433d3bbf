import { queryRoots } from "../../../lib/query-roots";
export type NotificationsPage = { pageNumber: number; pageSize: number };

/** Every notifications query starts with "notifications"; a send invalidates them all. */
export const notificationsKeys = {
  all: queryRoots.notifications,
  list: (page: NotificationsPage) => [...notificationsKeys.all, page] as const,
};
