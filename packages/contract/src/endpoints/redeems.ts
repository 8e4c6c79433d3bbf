import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  appRedeemAnswerSchema,
  appRedeemBodySchema,
  appSignedInHeadersSchema,
} from "../resources/app-api.ts";
import { payoutJobStartedSchema, payRedeemsBodySchema, revealedCodeSchema } from "../resources/payouts.ts";
import {
  payRedeemBodySchema,
  redeemDetailsSchema,
  redeemListAnswerSchema,
  redeemListBodySchema,
  redeemsStateAnswerSchema,
  redeemsStateBodySchema,
} from "../resources/redeems.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withConflicts = { ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema };

/**
 * Redeems: an app user asks for a reward item with points (the mobile app), an administrator pays it,
 * cancels it or changes its status (the dashboard's Redeems screen).
 */
export const redeemEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/redeem",
    tags: ["redeems"],
    summary: "List redeem requests (filter, sort, page)",
    query: listQuerystringSchema,
    body: redeemListBodySchema,
    responses: { 200: redeemListAnswerSchema, ...errors },
  }),
  changeStatus: endpoint({
    method: "PUT",
    permission: "redeems.manage",
    path: "/api/redeem/state/ids",
    tags: ["redeems"],
    summary: "Set the status of selected redeems (points held or refunded)",
    body: redeemsStateBodySchema,
    responses: { 200: redeemsStateAnswerSchema, ...errors, 409: errorAnswerSchema },
  }),
  pay: endpoint({
    method: "PUT",
    permission: "redeems.manage",
    path: "/api/redeem/sendReward/:id",
    tags: ["redeems"],
    summary: "Pay a redeem: store the gift card, set Sent and queue the e-mail",
    params: idParamsSchema,
    body: payRedeemBodySchema,
    responses: { 200: redeemDetailsSchema, ...withConflicts },
  }),
  payMany: endpoint({
    method: "POST",
    permission: "redeems.manage",
    path: "/api/redeem/pay/ids",
    tags: ["redeems"],
    summary:
      "Pay selected redeems through their items' fulfilment (inventory or provider), in the background",
    description:
      "Answers 202 with a job id at once; GET /api/payouts/jobs/:jobId follows it. Each redeem is paid " +
      "or fails on its own (out of stock, paid by hand, needs approval…), with its reason in the job's results.",
    body: payRedeemsBodySchema,
    responses: { 202: payoutJobStartedSchema, ...withConflicts },
  }),
  approve: endpoint({
    method: "POST",
    permission: "redeems.manage",
    path: "/api/redeem/:id/approve",
    tags: ["redeems"],
    summary: "Approve a redeem above the app's approval amount, so that another member can pay it (audited)",
    params: idParamsSchema,
    responses: { 200: redeemDetailsSchema, ...withConflicts, 403: errorAnswerSchema },
  }),
  revealCode: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/redeem/:id/code",
    tags: ["redeems"],
    summary: "Show the gift card a redeem was paid with, in clear (audited)",
    params: idParamsSchema,
    responses: { 200: revealedCodeSchema, ...errors, 403: errorAnswerSchema, 404: errorAnswerSchema },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/redeem/:id",
    tags: ["redeems"],
    summary: "A redeem with its e-mail's delivery state",
    params: idParamsSchema,
    responses: { 200: redeemDetailsSchema, ...errors, 404: errorAnswerSchema },
  }),
  cancel: endpoint({
    method: "PUT",
    permission: "redeems.manage",
    path: "/api/redeem/:id",
    tags: ["redeems"],
    summary: "Cancel a pending redeem (refunds its points)",
    params: idParamsSchema,
    responses: { 200: redeemDetailsSchema, ...withConflicts },
  }),
  appRequest: endpoint({
    method: "POST",
    permission: "appUser",
    path: "/app/v1/redeems",
    tags: ["app"],
    summary: "Redeem points for a reward item (debits its cost at once)",
    headers: appSignedInHeadersSchema,
    body: appRedeemBodySchema,
    responses: {
      200: appRedeemAnswerSchema,
      400: errorAnswerSchema,
      401: errorAnswerSchema,
      403: errorAnswerSchema,
      404: errorAnswerSchema,
      409: errorAnswerSchema,
    },
  }),
};
