import { z } from "zod";
import { adminStatuses, maxPageSize } from "../constants.ts";
import { messages } from "../messages.ts";

export const adminSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(["owner", "admin"]),
  status: z.enum(adminStatuses),
  createdAt: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

export const adminListAnswerSchema = z.object({
  totalCount: z.number().int(),
  entities: z.array(adminSchema),
});
export type AdminListAnswer = z.infer<typeof adminListAnswerSchema>;

export const adminStateBodySchema = z.object({
  status: z.enum(["active", "disabled"], { error: messages.oneOf("status", "active, disabled") }),
});
export type AdminStateBody = z.infer<typeof adminStateBodySchema>;

/** GET /api/admins: an optional status, and a page (all of them fit on the first by default). */
export const adminListQuerySchema = z.strictObject({
  status: z.enum(adminStatuses).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(maxPageSize),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;
