import { notificationEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { listNotifications, sendNotification } from "./notifications.service.ts";

/** Push to all devices, and the history of what was sent. */
export async function notificationsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  route(app, notificationEndpoints.send, async (request) => ({
    notification: await sendNotification(db, actorOf(request), request.body, {
      fcmBaseUrl: config.fcmBaseUrl,
      tokenOrigin: config.fcmTokenOrigin,
      timeoutMs: config.outboundTimeoutMs,
    }),
  }));

  route(app, notificationEndpoints.list, async (request) =>
    listNotifications(db, currentAppId(request), request.query),
  );
}
