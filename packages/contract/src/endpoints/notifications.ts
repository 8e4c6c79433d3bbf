import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  notificationBodySchema,
  notificationCreatedSchema,
  notificationListAnswerSchema,
  notificationListQuerySchema,
} from "../resources/notifications.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** Push notifications: one to every device of the app, and the history of what was sent. */
export const notificationEndpoints = {
  send: endpoint({
    method: "POST",
    permission: "notifications.send",
    path: "/api/notification/",
    tags: ["notifications"],
    summary: "Send a push notification to every device (topic all)",
    body: notificationBodySchema,
    responses: { 200: notificationCreatedSchema, ...errors, 502: errorAnswerSchema },
  }),
  list: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/notification",
    tags: ["notifications"],
    summary: "The notifications sent, newest first",
    query: notificationListQuerySchema,
    responses: { 200: notificationListAnswerSchema, ...errors },
  }),
};
