import { z } from "zod";
import { adminStatuses } from "../constants.ts";

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
  status: z.enum(["active", "disabled"], { error: "Status must be active or disabled" }),
});
export type AdminStateBody = z.infer<typeof adminStateBodySchema>;
