import { z } from "zod";
import { errorAnswerSchema, idParamsSchema, okAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  codeImportAnswerSchema,
  codeImportBodySchema,
  codeImportQuerySchema,
  extendHoldBodySchema,
  holdIdParamsSchema,
  itemIdParamsSchema,
  jobIdParamsSchema,
  payoutJobSchema,
  payoutSettingsSchema,
  pointHoldListAnswerSchema,
  pointHoldSchema,
  revealedCodeSchema,
  rewardCodeListAnswerSchema,
  rewardCodeListQuerySchema,
  stockAnswerSchema,
} from "../resources/payouts.ts";

const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
};

/** Payouts: the app's payout rules and the gift-card code inventory of reward items (docs/features/payouts.md). */
export const payoutEndpoints = {
  settings: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/payouts/settings",
    tags: ["payouts"],
    summary:
      "The app's payout rules: pause, four-eyes amount, provider account (secrets masked), holds, automatic approval",
    responses: { 200: payoutSettingsSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
  }),
  saveSettings: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/payouts/settings",
    tags: ["payouts"],
    summary: "Set the app's payout rules (audited)",
    body: payoutSettingsSchema,
    responses: {
      200: payoutSettingsSchema,
      400: errorAnswerSchema,
      401: errorAnswerSchema,
      403: errorAnswerSchema,
    },
  }),
  importCodes: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/payouts/items/:itemId/codes",
    tags: ["payouts"],
    summary: "Import gift-card codes into a reward item's stock (CSV: code, pin, expires)",
    description:
      "The body is the CSV itself (text/csv) or { csv }. With dryRun=true nothing changes: the answer " +
      "says what an import would do. An import adds every good row in one transaction, or nothing.",
    params: itemIdParamsSchema,
    query: codeImportQuerySchema,
    body: codeImportBodySchema,
    consumes: ["application/json", "text/csv"],
    responses: { 200: codeImportAnswerSchema, ...errors },
  }),
  stock: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/payouts/items/:itemId/stock",
    tags: ["payouts"],
    summary: "How many codes of a reward item are available, used and expired",
    params: itemIdParamsSchema,
    responses: { 200: stockAnswerSchema, ...errors },
  }),
  listCodes: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/payouts/items/:itemId/codes",
    tags: ["payouts"],
    summary: "A reward item's codes, newest first, masked",
    params: itemIdParamsSchema,
    query: rewardCodeListQuerySchema,
    responses: { 200: rewardCodeListAnswerSchema, ...errors },
  }),
  revealCode: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/payouts/codes/:id/reveal",
    tags: ["payouts"],
    summary: "Show a stored code and its PIN in clear (audited)",
    params: idParamsSchema,
    responses: { 200: revealedCodeSchema, ...errors },
  }),
  deleteCode: endpoint({
    method: "DELETE",
    permission: "catalog.write",
    path: "/api/payouts/codes/:id",
    tags: ["payouts"],
    summary: "Remove an unused code from stock (a used one answers 409)",
    params: idParamsSchema,
    responses: { 200: okAnswerSchema, ...errors, 409: errorAnswerSchema },
  }),
  job: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/payouts/jobs/:jobId",
    tags: ["payouts"],
    summary: "A payout job's progress: how many of its redeems are paid or failed, and each one's result",
    params: jobIdParamsSchema,
    responses: { 200: payoutJobSchema, ...errors },
  }),
  tremendousWebhook: endpoint({
    method: "POST",
    permission: "provider",
    path: "/webhooks/tremendous/:appKey",
    tags: ["payouts"],
    summary: "Tremendous reports an order or reward event (signed: Tremendous-Webhook-Signature)",
    description:
      "Verified by HMAC-SHA256 of the raw body with the app's webhook private key; an event is applied " +
      "once (by its uuid). 401 for a bad or missing signature, nothing changed.",
    params: z.object({ appKey: z.string().max(100) }),
    headers: z.object({ "tremendous-webhook-signature": z.string().max(200).optional() }),
    consumes: ["application/json"],
    body: z
      .unknown()
      .describe("Tremendous's event: { event, uuid, created_utc, payload: { resource: { id, type } } }"),
    responses: {
      200: okAnswerSchema,
      400: errorAnswerSchema,
      401: errorAnswerSchema,
      404: errorAnswerSchema,
    },
  }),
  userHolds: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/payouts/users/:id/holds",
    tags: ["payouts"],
    summary: "An app user's held credits, newest first (the 100 latest)",
    params: idParamsSchema,
    responses: { 200: pointHoldListAnswerSchema, ...errors },
  }),
  releaseHold: endpoint({
    method: "POST",
    permission: "appUsers.moderate",
    path: "/api/payouts/holds/:holdId/release",
    tags: ["payouts"],
    summary: "Release a held credit now: its points become spendable (audited)",
    params: holdIdParamsSchema,
    responses: { 200: pointHoldSchema, ...errors, 409: errorAnswerSchema },
  }),
  extendHold: endpoint({
    method: "POST",
    permission: "appUsers.moderate",
    path: "/api/payouts/holds/:holdId/extend",
    tags: ["payouts"],
    summary: "Hold a credit longer: its release date moves by the days given (audited)",
    params: holdIdParamsSchema,
    body: extendHoldBodySchema,
    responses: { 200: pointHoldSchema, ...errors, 409: errorAnswerSchema },
  }),
};
