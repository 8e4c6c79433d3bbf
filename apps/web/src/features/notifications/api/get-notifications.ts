import { notificationEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type NotificationsPage, notificationsKeys } from "./keys";

export function getNotificationsQueryOptions(page: NotificationsPage) {
  return queryOptions({
    queryKey: notificationsKeys.list(page),
    queryFn: ({ signal }) => call(notificationEndpoints.list, { query: page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useNotifications = (page: NotificationsPage) => useQuery(getNotificationsQueryOptions(page));
