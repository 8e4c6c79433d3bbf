import { errorAnswerSchema, idParamsSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  adminListAnswerSchema,
  adminListQuerySchema,
  adminSchema,
  adminStateBodySchema,
} from "../resources/admins.ts";
import { securitySettingsSchema } from "../resources/security.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The owner's management of administrator accounts and of the installation's sign-in rules. */
export const adminEndpoints = {
  list: endpoint({
    method: "GET",
    permission: "installation",
    path: "/api/admins",
    tags: ["admins"],
    summary: "List administrator accounts (owner only)",
    query: adminListQuerySchema,
    responses: { 200: adminListAnswerSchema, ...errors },
  }),
  changeState: endpoint({
    method: "PUT",
    permission: "installation",
    path: "/api/admins/:id/state",
    tags: ["admins"],
    summary: "Approve or disable an administrator (owner only)",
    params: idParamsSchema,
    body: adminStateBodySchema,
    responses: { 200: adminSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
  }),
  security: endpoint({
    method: "GET",
    permission: "installation",
    path: "/api/admins/security",
    tags: ["admins"],
    summary: "The installation's sign-in rules (owner only)",
    responses: { 200: securitySettingsSchema, ...errors },
  }),
  saveSecurity: endpoint({
    method: "PUT",
    permission: "installation",
    path: "/api/admins/security",
    tags: ["admins"],
    summary: "Require two-factor sign-in of every administrator, or not (owner only)",
    body: securitySettingsSchema,
    responses: { 200: securitySettingsSchema, ...errors },
  }),
};
