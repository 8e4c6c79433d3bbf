import {
  countryBodySchema,
  countryCreatedSchema,
  countryListAnswerSchema,
  countryListBodySchema,
  countrySchema,
  deletedAnswerSchema,
  deleteIdsBodySchema,
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  createCountry,
  deleteCountries,
  deleteCountry,
  getCountry,
  listCountries,
  updateCountry,
} from "./countries.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const tags = ["countries"];

/** SPEC 7 "Countries", scoped to the signed-in administrator. */
export async function countriesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/reward/countries/pagination",
    {
      schema: {
        tags,
        summary: "List reward countries (filter, sort, page)",
        querystring: listQuerystringSchema,
        body: countryListBodySchema,
        response: { 200: countryListAnswerSchema, ...errors },
      },
    },
    async (request) => listCountries(db, currentAdmin(request).id, request.body.queryParams),
  );

  api.post(
    "/reward/countries/deleteCountries",
    {
      schema: {
        tags,
        summary: "Delete selected countries with their rewards and items",
        body: deleteIdsBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      deleted: (await deleteCountries(db, currentAdmin(request).id, request.body.ids)).length,
    }),
  );

  api.post(
    "/reward/countries",
    {
      schema: {
        tags,
        summary: "Add a reward country",
        body: countryBodySchema,
        response: { 200: countryCreatedSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => ({ country: await createCountry(db, currentAdmin(request).id, request.body) }),
  );

  api.get(
    "/reward/countries/:id",
    {
      schema: {
        tags,
        summary: "A reward country",
        params: idParamsSchema,
        response: { 200: countrySchema, ...withMissing },
      },
    },
    async (request) => found(await getCountry(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/reward/countries/:id",
    {
      schema: {
        tags,
        summary: "Edit a reward country",
        params: idParamsSchema,
        body: countryBodySchema,
        response: { 200: countrySchema, ...withMissing, 409: errorAnswerSchema },
      },
    },
    async (request) =>
      found(await updateCountry(db, currentAdmin(request).id, request.params.id, request.body)),
  );

  api.delete(
    "/reward/countries/:id",
    {
      schema: {
        tags,
        summary: "Delete a country with its rewards and items",
        params: idParamsSchema,
        response: { 200: countrySchema, ...withMissing },
      },
    },
    async (request) => found(await deleteCountry(db, currentAdmin(request).id, request.params.id)),
  );
}
