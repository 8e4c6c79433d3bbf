import {
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
  redeemDetailsSchema,
  redeemListAnswerSchema,
  redeemListBodySchema,
  redeemsStateAnswerSchema,
  redeemsStateBodySchema,
  sendRewardBodySchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { cancelRedeem, getRedeemDetails, listRedeems, setRedeemsStatus } from "./redeems.service.ts";
import { sendReward } from "./send-reward.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withConflicts = { ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema };

/** SPEC 7 "Redeems". `onQueued` wakes the outbox worker after a reward e-mail is queued. */
export async function redeemsRoutes(app: FastifyInstance, { onQueued }: { onQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/redeem",
    {
      schema: {
        tags: ["redeems"],
        summary: "List redeem requests (filter, sort, page)",
        querystring: listQuerystringSchema,
        body: redeemListBodySchema,
        response: { 200: redeemListAnswerSchema, ...errors },
      },
    },
    async (request) => listRedeems(db, currentAdmin(request).id, request.body.queryParams),
  );

  api.put(
    "/redeem/state/ids",
    {
      schema: {
        tags: ["redeems"],
        summary: "Set the status of selected redeems (points held or refunded)",
        body: redeemsStateBodySchema,
        response: { 200: redeemsStateAnswerSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => setRedeemsStatus(db, currentAdmin(request).id, request.body.ids, request.body.status),
  );

  api.put(
    "/redeem/sendReward/:id",
    {
      schema: {
        tags: ["redeems"],
        summary: "Pay a redeem: store the gift card, set Sent and queue the e-mail",
        params: idParamsSchema,
        body: sendRewardBodySchema,
        response: { 200: redeemDetailsSchema, ...withConflicts },
      },
    },
    async (request) => {
      const redeem = found(await sendReward(db, currentAdmin(request).id, request.params.id, request.body));
      onQueued();
      return redeem;
    },
  );

  api.get(
    "/redeem/:id",
    {
      schema: {
        tags: ["redeems"],
        summary: "A redeem with its e-mail's delivery state",
        params: idParamsSchema,
        response: { 200: redeemDetailsSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => found(await getRedeemDetails(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/redeem/:id",
    {
      schema: {
        tags: ["redeems"],
        summary: "Cancel a pending redeem (refunds its points)",
        params: idParamsSchema,
        response: { 200: redeemDetailsSchema, ...withConflicts },
      },
    },
    async (request) => found(await cancelRedeem(db, currentAdmin(request).id, request.params.id)),
  );
}
