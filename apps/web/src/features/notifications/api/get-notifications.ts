import type { NotificationListAnswer } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const notificationsKeys = { all: ["notifications"] as const };

export type NotificationsPage = { pageNumber: number; pageSize: number };

export function getNotifications(page: NotificationsPage, { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ pageNumber: String(page.pageNumber), pageSize: String(page.pageSize) });
  return api.get<NotificationListAnswer>(`/api/notification?${query}`, { signal });
}

export function getNotificationsQueryOptions(page: NotificationsPage) {
  return queryOptions({
    queryKey: [...notificationsKeys.all, page],
    queryFn: ({ signal }) => getNotifications(page, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useNotifications = (page: NotificationsPage) => useQuery(getNotificationsQueryOptions(page));
