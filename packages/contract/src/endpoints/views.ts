import { z } from "zod";
import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  savedViewSchema,
  savedViewsAnswerSchema,
  viewCreateBodySchema,
  viewIdParamsSchema,
  viewListQuerySchema,
} from "../resources/views.ts";

const tags = ["views"] as const;
const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** Saved views of the lists: the member's own and the app's shared ones (docs/features/saved-views.md). */
export const viewEndpoints = {
  list: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/views",
    tags,
    summary: "The saved views of a list",
    description:
      "The signed-in member's own views of the list and the app's shared views, ordered by name. " +
      "`mine` says whether the member saved the view.",
    query: viewListQuerySchema,
    responses: { 200: savedViewsAnswerSchema, ...errors },
  }),
  create: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/views",
    tags,
    summary: "Save a list's state as a view",
    description:
      "Every member may save views for themselves; a shared view (`shared: true`) needs a role that may " +
      "change the app's settings (settings.write). Names are unique per list among a member's own views " +
      "and among the app's shared views (409). At most 50 views per member per list (400). " +
      "Shared views are audited (view.create).",
    body: viewCreateBodySchema,
    responses: { 201: savedViewSchema, ...errors, 409: errorAnswerSchema },
  }),
  delete: endpoint({
    method: "DELETE",
    permission: "app.read",
    path: "/api/views/:id",
    tags,
    summary: "Delete a saved view",
    description:
      "A member may always delete their own private view; deleting a shared view needs settings.write " +
      "(audited: view.delete). Another member's private view and another app's views answer 404.",
    params: viewIdParamsSchema,
    responses: { 204: z.null().describe("Deleted (no content)"), ...errors, 404: errorAnswerSchema },
  }),
};
