import {
  countryIdParamsSchema,
  deletedAnswerSchema,
  deleteIdsBodySchema,
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
  rewardCreatedSchema,
  rewardFieldsSchema,
  rewardIconField,
  rewardListAnswerSchema,
  rewardListBodySchema,
  rewardSchema,
} from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { type Image, readImagePart } from "../../lib/uploads.ts";
import { parseOrThrow } from "../../lib/validation.ts";
import { readMultipartParts } from "../../plugins/multipart.ts";
import { multipartForm } from "../../plugins/openapi.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  createReward,
  deleteReward,
  deleteRewards,
  getReward,
  listRewards,
  updateReward,
} from "./rewards.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const writeErrors = { ...withMissing, 413: errorAnswerSchema };
const tags = ["rewards"];

/** A multipart number field: empty or absent is missing (the schema's "Priority is required"). */
const numberField = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : Number(value);

/** The reward form arrives as multipart (SPEC 7): name, order and the icon as the file "file". */
async function readRewardForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let icon: Image | undefined;
  await readMultipartParts(request, "Send the reward form as multipart/form-data", async (part) => {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === rewardIconField && part.filename !== "") {
      icon = await readImagePart(part);
    } else {
      // An unknown file field, or an empty file input: drain it so the form keeps streaming.
      await part.toBuffer();
    }
  });
  const parsed = parseOrThrow(rewardFieldsSchema, { name: fields.name, order: numberField(fields.order) });
  return { fields: parsed, icon };
}

/** SPEC 7 "Rewards and reward items": the rewards of a country, scoped to the signed-in administrator. */
export async function rewardsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/reward/rewards/:countryId",
    {
      schema: {
        tags,
        summary: "List a country's rewards (filter, sort, page)",
        params: countryIdParamsSchema,
        querystring: listQuerystringSchema,
        body: rewardListBodySchema,
        response: { 200: rewardListAnswerSchema, ...withMissing },
      },
    },
    async (request) =>
      found(
        await listRewards(db, currentAdmin(request).id, request.params.countryId, request.body.queryParams),
      ),
  );

  api.post(
    "/reward/rewards/add/:countryId",
    {
      schema: {
        tags,
        summary: "Add a reward to a country (multipart: name, order, icon)",
        consumes: ["multipart/form-data"],
        multipartBody: multipartForm(rewardFieldsSchema, {
          [rewardIconField]: {
            required: true,
            description: "The icon: PNG, JPEG, WebP, GIF or ICO, at most 2 MB",
          },
        }),
        params: countryIdParamsSchema,
        response: { 200: rewardCreatedSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { fields, icon } = await readRewardForm(request);
      const reward = await createReward(db, currentAdmin(request).id, request.params.countryId, fields, icon);
      return { reward: found(reward) };
    },
  );

  api.post(
    "/reward/deleteRewards",
    {
      schema: {
        tags,
        summary: "Delete selected rewards with their items",
        body: deleteIdsBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      deleted: (await deleteRewards(db, currentAdmin(request).id, request.body.ids)).length,
    }),
  );

  api.get(
    "/reward/rewards/:id",
    {
      schema: {
        tags,
        summary: "A reward",
        params: idParamsSchema,
        response: { 200: rewardSchema, ...withMissing },
      },
    },
    async (request) => found(await getReward(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/reward/rewards/:id",
    {
      schema: {
        tags,
        summary: "Edit a reward (multipart: name, order, optional icon)",
        consumes: ["multipart/form-data"],
        multipartBody: multipartForm(rewardFieldsSchema, {
          [rewardIconField]: { required: false, description: "A new icon (the old one stays when absent)" },
        }),
        params: idParamsSchema,
        response: { 200: rewardSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { fields, icon } = await readRewardForm(request);
      return found(await updateReward(db, currentAdmin(request).id, request.params.id, fields, icon));
    },
  );

  api.delete(
    "/reward/rewards/:id",
    {
      schema: {
        tags,
        summary: "Delete a reward with its items",
        params: idParamsSchema,
        response: { 200: rewardSchema, ...withMissing },
      },
    },
    async (request) => found(await deleteReward(db, currentAdmin(request).id, request.params.id)),
  );
}
