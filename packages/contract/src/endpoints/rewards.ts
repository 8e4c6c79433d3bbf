import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { appCatalogAnswerSchema, appSignedInHeadersSchema } from "../resources/app-api.ts";
import { deletedAnswerSchema, deleteIdsBodySchema } from "../resources/countries.ts";
import {
  countryIdParamsSchema,
  rewardCreatedSchema,
  rewardCreateFormSchema,
  rewardListAnswerSchema,
  rewardListBodySchema,
  rewardSchema,
  rewardUpdateFormSchema,
} from "../resources/rewards.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const writeErrors = { ...withMissing, 413: errorAnswerSchema };
const tags = ["rewards"] as const;
const multipart = ["multipart/form-data"] as const;

/**
 * The rewards of a country (gift cards, each with an icon), and the mobile app's catalog. The create and
 * update forms are multipart: the handler reads the parts itself, `multipartBody` only documents them.
 */
export const rewardEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/reward/rewards/:countryId",
    tags,
    summary: "List a country's rewards (filter, sort, page)",
    params: countryIdParamsSchema,
    query: listQuerystringSchema,
    body: rewardListBodySchema,
    responses: { 200: rewardListAnswerSchema, ...withMissing },
  }),
  create: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/rewards/add/:countryId",
    tags,
    summary: "Add a reward to a country (multipart: name, order, icon)",
    consumes: multipart,
    multipartBody: rewardCreateFormSchema,
    params: countryIdParamsSchema,
    responses: { 200: rewardCreatedSchema, ...writeErrors },
  }),
  deleteMany: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/deleteRewards",
    tags,
    summary: "Delete selected rewards with their items",
    body: deleteIdsBodySchema,
    responses: { 200: deletedAnswerSchema, ...errors },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/reward/rewards/:id",
    tags,
    summary: "A reward",
    params: idParamsSchema,
    responses: { 200: rewardSchema, ...withMissing },
  }),
  update: endpoint({
    method: "PUT",
    permission: "catalog.write",
    path: "/api/reward/rewards/:id",
    tags,
    summary: "Edit a reward (multipart: name, order, optional icon)",
    consumes: multipart,
    multipartBody: rewardUpdateFormSchema,
    params: idParamsSchema,
    responses: { 200: rewardSchema, ...writeErrors },
  }),
  delete: endpoint({
    method: "DELETE",
    permission: "catalog.write",
    path: "/api/reward/rewards/:id",
    tags,
    summary: "Delete a reward with its items",
    params: idParamsSchema,
    responses: { 200: rewardSchema, ...withMissing },
  }),
  /** The mobile app's catalog for the signed-in user's country. */
  appList: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/rewards",
    tags: ["app"],
    summary: "Rewards of my country and Worldwide, with their items",
    headers: appSignedInHeadersSchema,
    responses: { 200: appCatalogAnswerSchema, 401: errorAnswerSchema },
  }),
};
