/** The notifications domain's public face: push to every device of the app, and the history of it. */
export { notificationsRoutes } from "./notifications.routes.ts";
export { listNotifications, notificationHistoryAfter, sendNotification } from "./notifications.service.ts";
