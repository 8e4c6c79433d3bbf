import { z } from "zod";
import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { appUserListBodySchema } from "../resources/app-users.ts";
import { auditListBodySchema } from "../resources/audit.ts";
import { countryListBodySchema } from "../resources/countries.ts";
import {
  type ExportList,
  notificationExportBodySchema,
  rewardExportBodySchema,
} from "../resources/exports.ts";
import { offerListBodySchema } from "../resources/offers.ts";
import { postbackListBodySchema } from "../resources/postbacks.ts";
import { redeemListBodySchema } from "../resources/redeems.ts";
import type { TeamPermission } from "../resources/team.ts";

const answers = {
  200: z.string().describe("The CSV file (text/csv; charset=utf-8), header row first, streamed"),
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
};

const description =
  "Every row matching the list's filters, in its sort (paging ignored), as text/csv streamed in batches, " +
  "header row first. The body is the list's own body. A cell starting with = + - @, a tab or a carriage " +
  "return is prefixed with ' so a spreadsheet never runs it as a formula. Each export is audited (export.run).";

/** `POST /api/export/<list>`: the list's CSV, with the list's own body and the permission to read it. */
function exportEndpoint<
  const L extends ExportList,
  const B extends z.ZodType,
  const P extends TeamPermission,
>(list: L, body: B, permission: P, what: string) {
  return endpoint({
    method: "POST",
    permission,
    path: `/api/export/${list}`,
    tags: ["exports"],
    summary: `Export ${what} as CSV`,
    description,
    body,
    responses: answers,
  });
}

/** CSV exports of the dashboard's lists, one per list (docs/features/exports.md). */
export const exportEndpoints = {
  users: exportEndpoint("users", appUserListBodySchema, "app.read", "the app's users"),
  offers: exportEndpoint("offers", offerListBodySchema, "app.read", "completed offers"),
  redeems: exportEndpoint("redeems", redeemListBodySchema, "app.read", "redeem requests"),
  postbacks: exportEndpoint("postbacks", postbackListBodySchema, "app.read", "the postback log"),
  audit: exportEndpoint("audit", auditListBodySchema, "audit.read", "the activity (audit log)"),
  notifications: exportEndpoint(
    "notifications",
    notificationExportBodySchema,
    "app.read",
    "the notifications sent",
  ),
  countries: exportEndpoint("countries", countryListBodySchema, "app.read", "reward countries"),
  rewards: exportEndpoint("rewards", rewardExportBodySchema, "app.read", "a country's rewards"),
} satisfies Record<ExportList, unknown>;
