import { z } from "zod";
import { settingLimits as limits, maxPageSize } from "../constants.ts";
import { messages } from "../messages.ts";
import { requiredText } from "./tenant-config.ts";

/** The notification form; a body adminId is dropped (the caller's is used). */
export const notificationBodySchema = z.object({
  title: requiredText(messages.titleRequired, limits.settingTitle.min, limits.settingTitle.max),
  body: requiredText(messages.required, limits.description.min, limits.description.max),
});
export type NotificationBody = z.input<typeof notificationBodySchema>;

export const notificationStatuses = ["sent", "failed"] as const;

/** A sent (or failed) push, with its wire names as published (decision 0009). */
export const notificationSchema = z.object({
  _id: z.string(),
  notificationTitle: z.string(),
  notificationBody: z.string(),
  status: z.enum(notificationStatuses),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationCreatedSchema = z.object({ notification: notificationSchema });

export const notificationListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, messages.between("pageSize", 1, maxPageSize))
    .max(maxPageSize, messages.between("pageSize", 1, maxPageSize))
    .default(10),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export const notificationListAnswerSchema = z.object({
  totalCount: z.number().int(),
  entities: z.array(notificationSchema),
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;
