import { type Notification, type NotificationBody, notificationBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { notificationsKeys } from "./get-notifications";

/** One push to every device; a failure is recorded too, so the history refreshes either way. */
export async function sendNotification(body: NotificationBody): Promise<Notification> {
  const answer = await api.post<{ notification: Notification }>(
    "/api/notification/",
    notificationBodySchema.parse(body),
  );
  return answer.notification;
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
