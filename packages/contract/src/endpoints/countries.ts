import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import {
  countryBodySchema,
  countryCreatedSchema,
  countryListAnswerSchema,
  countryListBodySchema,
  countrySchema,
  deletedAnswerSchema,
  deleteIdsBodySchema,
} from "../resources/countries.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const withMissing = { ...errors, 404: errorAnswerSchema };
const tags = ["countries"] as const;

/** The reward catalog's countries: where rewards are offered, each with its priority. */
export const countryEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/reward/countries/pagination",
    tags,
    summary: "List reward countries (filter, sort, page)",
    query: listQuerystringSchema,
    body: countryListBodySchema,
    responses: { 200: countryListAnswerSchema, ...errors },
  }),
  deleteMany: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/countries/deleteCountries",
    tags,
    summary: "Delete selected countries with their rewards and items",
    body: deleteIdsBodySchema,
    responses: { 200: deletedAnswerSchema, ...errors },
  }),
  create: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/reward/countries",
    tags,
    summary: "Add a reward country",
    body: countryBodySchema,
    responses: { 200: countryCreatedSchema, ...errors, 409: errorAnswerSchema },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/reward/countries/:id",
    tags,
    summary: "A reward country",
    params: idParamsSchema,
    responses: { 200: countrySchema, ...withMissing },
  }),
  update: endpoint({
    method: "PUT",
    permission: "catalog.write",
    path: "/api/reward/countries/:id",
    tags,
    summary: "Edit a reward country",
    params: idParamsSchema,
    body: countryBodySchema,
    responses: { 200: countrySchema, ...withMissing, 409: errorAnswerSchema },
  }),
  delete: endpoint({
    method: "DELETE",
    permission: "catalog.write",
    path: "/api/reward/countries/:id",
    tags,
    summary: "Delete a country with its rewards and items",
    params: idParamsSchema,
    responses: { 200: countrySchema, ...withMissing },
  }),
};
