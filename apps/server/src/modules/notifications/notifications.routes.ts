import {
  errorAnswerSchema,
  notificationBodySchema,
  notificationCreatedSchema,
  notificationListAnswerSchema,
  notificationListQuerySchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { listNotifications, sendNotification } from "./notifications.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** SPEC 7 "Notification": push to all devices, and the history of what was sent. */
export async function notificationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  api.post(
    "/notification/",
    {
      schema: {
        tags: ["notifications"],
        summary: "Send a push notification to every device (topic all)",
        body: notificationBodySchema,
        response: { 200: notificationCreatedSchema, ...errors, 502: errorAnswerSchema },
      },
    },
    async (request) => ({
      notification: await sendNotification(db, currentAdmin(request).id, request.body, {
        fcmBaseUrl: config.fcmBaseUrl,
        tokenOrigin: config.fcmTokenOrigin,
        timeoutMs: config.outboundTimeoutMs,
      }),
    }),
  );

  api.get(
    "/notification",
    {
      schema: {
        tags: ["notifications"],
        summary: "The notifications sent, newest first",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListAnswerSchema, ...errors },
      },
    },
    async (request) => listNotifications(db, currentAdmin(request).id, request.query),
  );
}
