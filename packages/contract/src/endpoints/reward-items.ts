import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { deletedAnswerSchema, deleteIdsBodySchema } from "../resources/countries.ts";
import {
  rewardIdParamsSchema,
  rewardItemBodySchema,
  rewardItemCreatedSchema,
  rewardItemListAnswerSchema,
  rewardItemListBodySchema,
  rewardItemSchema,
} from "../resources/reward-items.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const tags = ["reward items"] as const;

/** A reward's items: its denominations, each with its price in points. */
export const rewardItemEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/reward/rewardsItems/:rewardId",
    tags,
    summary: "List a reward's items (filter, sort, page)",
    params: rewardIdParamsSchema,
    query: listQuerystringSchema,
    body: rewardItemListBodySchema,
    responses: { 200: rewardItemListAnswerSchema, ...withMissing },
  }),
  create: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/rewardItem/:rewardId",
    tags,
    summary: "Add an item (amount and cost in points) to a reward",
    params: rewardIdParamsSchema,
    body: rewardItemBodySchema,
    responses: { 200: rewardItemCreatedSchema, ...withMissing },
  }),
  deleteMany: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/deleteItems",
    tags,
    summary: "Delete selected reward items",
    body: deleteIdsBodySchema,
    responses: { 200: deletedAnswerSchema, ...errors },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/reward/rewardItem/:id",
    tags,
    summary: "A reward item",
    params: idParamsSchema,
    responses: { 200: rewardItemSchema, ...withMissing },
  }),
  update: endpoint({
    method: "PUT",
    permission: "catalog.write",
    path: "/api/reward/rewardItem/:id",
    tags,
    summary: "Edit a reward item",
    params: idParamsSchema,
    body: rewardItemBodySchema,
    responses: { 200: rewardItemSchema, ...withMissing },
  }),
  delete: endpoint({
    method: "DELETE",
    permission: "catalog.write",
    path: "/api/reward/rewardItem/:id",
    tags,
    summary: "Delete a reward item",
    params: idParamsSchema,
    responses: { 200: rewardItemSchema, ...withMissing },
  }),
};
