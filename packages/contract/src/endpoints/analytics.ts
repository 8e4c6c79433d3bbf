import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { analyticsQuerySchema, analyticsSchema } from "../resources/analytics.ts";

/** Analytics: money, breakdowns, retention and liabilities for a range of the app's days. */
export const analyticsEndpoints = {
  report: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/analytics",
    tags: ["analytics"],
    summary: "Revenue, cost, margin, breakdown, retention and liabilities for a range of days",
    description:
      "Days are the app's reporting time zone's (General settings). Every figure is read from rollups the database keeps as offers, reversals, sign-ups and payments happen; `users` figures are estimates.",
    query: analyticsQuerySchema,
    responses: { 200: analyticsSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
  }),
};
