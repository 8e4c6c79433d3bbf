import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  auditActorsAnswerSchema,
  auditHistoryQuerySchema,
  auditListAnswerSchema,
  auditListBodySchema,
} from "../resources/audit.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The audit log ("Activity"): who changed what and when, in the signed-in administrator's app. */
export const auditEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "audit.read",
    path: "/api/audit",
    tags: ["audit"],
    summary: "List the activity (audit log)",
    query: listQuerystringSchema,
    body: auditListBodySchema,
    responses: { 200: auditListAnswerSchema, ...errors },
  }),
  /** The app's members, for the Activity page's "who" filter. */
  actors: endpoint({
    method: "GET",
    permission: "audit.read",
    path: "/api/audit/actors",
    tags: ["audit"],
    summary: "The members who can appear as the actor of an entry",
    responses: { 200: auditActorsAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
  }),
  /** A record without entries in the caller's app answers 404, as another app's record does. */
  recordHistory: endpoint({
    method: "GET",
    permission: "audit.read",
    path: "/api/audit/record/:id",
    tags: ["audit"],
    summary: "The history of one record",
    params: idParamsSchema,
    query: auditHistoryQuerySchema,
    responses: { 200: auditListAnswerSchema, ...errors, 404: errorAnswerSchema },
  }),
};
