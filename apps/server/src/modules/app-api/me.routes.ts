import {
  appLedgerAnswerSchema,
  appMeSchema,
  appOffersAnswerSchema,
  appPageQuerySchema,
  appRedeemsAnswerSchema,
  appSignedInHeadersSchema,
  errorAnswerSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { toAppMe } from "./app-user.mapper.ts";
import { referralCount } from "./auth.service.ts";
import { myLedger, myOffers, myRedeems } from "./me.service.ts";

const tags = ["app"];
const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The signed-in user's own account: points, Share Key, referrals, ledger, offers and redeems. */
export async function appMeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const owner = (request: Parameters<typeof currentAppSession>[0]) => {
    const { user } = currentAppSession(request);
    return { adminId: user.adminId, userId: user.id };
  };

  api.get(
    "/me",
    {
      schema: {
        tags,
        summary: "The signed-in user: points, Share Key and referral count",
        headers: appSignedInHeadersSchema,
        response: { 200: appMeSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const { user } = currentAppSession(request);
      return toAppMe(user, await referralCount(db, user.adminId, user.id));
    },
  );

  api.get(
    "/me/ledger",
    {
      schema: {
        tags,
        summary: "My points ledger, newest first",
        headers: appSignedInHeadersSchema,
        querystring: appPageQuerySchema,
        response: { 200: appLedgerAnswerSchema, ...errors },
      },
    },
    async (request) => myLedger(db, owner(request), request.query),
  );

  api.get(
    "/me/offers",
    {
      schema: {
        tags,
        summary: "My completed offers, newest first",
        headers: appSignedInHeadersSchema,
        querystring: appPageQuerySchema,
        response: { 200: appOffersAnswerSchema, ...errors },
      },
    },
    async (request) => myOffers(db, owner(request), request.query),
  );

  api.get(
    "/me/redeems",
    {
      schema: {
        tags,
        summary: "My redeem requests, newest first",
        headers: appSignedInHeadersSchema,
        querystring: appPageQuerySchema,
        response: { 200: appRedeemsAnswerSchema, ...errors },
      },
    },
    async (request) => myRedeems(db, owner(request), request.query),
  );
}
