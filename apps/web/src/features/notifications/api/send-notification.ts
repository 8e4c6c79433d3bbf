import {
  type Notification,
  type NotificationBody,
  notificationBodySchema,
  notificationEndpoints,
} from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { notificationsKeys } from "./keys";

/** One push to every device; a failure is recorded too, so the history refreshes either way. */
export async function sendNotification(body: NotificationBody): Promise<Notification> {
  const answer = await call(notificationEndpoints.send, { body: notificationBodySchema.parse(body) });
  return answer.notification;
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
