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
import { AppError } from "../../lib/errors.ts";
import { found } from "../../lib/tenant-scope.ts";
import { type Image, readImagePart } from "../../lib/uploads.ts";
import { parseOrThrow } from "../../lib/validation.ts";
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
  if (!request.isMultipart()) throw new AppError(400, "Send the reward form as multipart/form-data");
  const fields: Record<string, string> = {};
  let icon: Image | undefined;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === rewardIconField && part.filename !== "") {
      icon = await readImagePart(part);
    } else {
      // An unknown file field, or an empty file input: drain it so the form keeps streaming.
      await part.toBuffer();
    }
  }
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
        consumes: ["multipart/form-data"],
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
    { schema: { tags, body: deleteIdsBodySchema, response: { 200: deletedAnswerSchema, ...errors } } },
    async (request) => ({
      deleted: (await deleteRewards(db, currentAdmin(request).id, request.body.ids)).length,
    }),
  );

  api.get(
    "/reward/rewards/:id",
    { schema: { tags, params: idParamsSchema, response: { 200: rewardSchema, ...withMissing } } },
    async (request) => found(await getReward(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/reward/rewards/:id",
    {
      schema: {
        tags,
        consumes: ["multipart/form-data"],
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
    { schema: { tags, params: idParamsSchema, response: { 200: rewardSchema, ...withMissing } } },
    async (request) => found(await deleteReward(db, currentAdmin(request).id, request.params.id)),
  );
}
