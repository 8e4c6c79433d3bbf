import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { dashboardQuerySchema, dashboardSchema } from "../resources/dashboard.ts";

/** The dashboard's figures. */
export const dashboardEndpoints = {
  figures: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/dash",
    tags: ["dashboard"],
    summary: "Dashboard figures for a time zone and period",
    query: dashboardQuerySchema,
    responses: { 200: dashboardSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
  }),
};
