import {
  deletedAnswerSchema,
  deleteIdsBodySchema,
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
  rewardIdParamsSchema,
  rewardItemBodySchema,
  rewardItemCreatedSchema,
  rewardItemListAnswerSchema,
  rewardItemListBodySchema,
  rewardItemSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  createRewardItem,
  deleteRewardItems,
  getRewardItem,
  listRewardItems,
  updateRewardItem,
} from "./reward-items.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const tags = ["reward items"];

/** SPEC 7 "Rewards and reward items": the items of a reward, scoped to the signed-in administrator. */
export async function rewardItemsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/reward/rewardsItems/:rewardId",
    {
      schema: {
        tags,
        summary: "List a reward's items (filter, sort, page)",
        params: rewardIdParamsSchema,
        querystring: listQuerystringSchema,
        body: rewardItemListBodySchema,
        response: { 200: rewardItemListAnswerSchema, ...withMissing },
      },
    },
    async (request) =>
      found(
        await listRewardItems(
          db,
          currentAdmin(request).id,
          request.params.rewardId,
          request.body.queryParams,
        ),
      ),
  );

  api.post(
    "/reward/rewardItem/:rewardId",
    {
      schema: {
        tags,
        summary: "Add an item (amount and cost in points) to a reward",
        params: rewardIdParamsSchema,
        body: rewardItemBodySchema,
        response: { 200: rewardItemCreatedSchema, ...withMissing },
      },
    },
    async (request) => ({
      rewardItem: found(
        await createRewardItem(db, currentAdmin(request).id, request.params.rewardId, request.body),
      ),
    }),
  );

  api.post(
    "/reward/deleteItems",
    {
      schema: {
        tags,
        summary: "Delete selected reward items",
        body: deleteIdsBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      deleted: (await deleteRewardItems(db, currentAdmin(request).id, request.body.ids)).length,
    }),
  );

  api.get(
    "/reward/rewardItem/:id",
    {
      schema: {
        tags,
        summary: "A reward item",
        params: idParamsSchema,
        response: { 200: rewardItemSchema, ...withMissing },
      },
    },
    async (request) => found(await getRewardItem(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/reward/rewardItem/:id",
    {
      schema: {
        tags,
        summary: "Edit a reward item",
        params: idParamsSchema,
        body: rewardItemBodySchema,
        response: { 200: rewardItemSchema, ...withMissing },
      },
    },
    async (request) =>
      found(await updateRewardItem(db, currentAdmin(request).id, request.params.id, request.body)),
  );

  api.delete(
    "/reward/rewardItem/:id",
    {
      schema: {
        tags,
        summary: "Delete a reward item",
        params: idParamsSchema,
        response: { 200: rewardItemSchema, ...withMissing },
      },
    },
    async (request) => {
      const [deleted] = await deleteRewardItems(db, currentAdmin(request).id, [request.params.id]);
      return found(deleted ?? null);
    },
  );
}
