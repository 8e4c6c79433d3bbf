import {
  customerDetailsSchema,
  customerListAnswerSchema,
  customerListBodySchema,
  customerSchema,
  customersStateAnswerSchema,
  customersStateBodySchema,
  customerUpdateBodySchema,
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  getCustomer,
  getCustomerDetails,
  listCustomers,
  setCustomersStatus,
  updateCustomer,
} from "./customers.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** SPEC 7 "Users": the app's users, scoped to the signed-in administrator. */
export async function customersRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/users",
    {
      schema: {
        tags: ["users"],
        summary: "List the app's users (filter, sort, page)",
        querystring: listQuerystringSchema,
        body: customerListBodySchema,
        response: { 200: customerListAnswerSchema, ...errors },
      },
    },
    async (request) => listCustomers(db, currentAdmin(request).id, request.body.queryParams),
  );

  api.put(
    "/users/state/ids",
    {
      schema: {
        tags: ["users"],
        summary: "Ban or activate selected users",
        body: customersStateBodySchema,
        response: { 200: customersStateAnswerSchema, ...errors },
      },
    },
    async (request) =>
      setCustomersStatus(db, currentAdmin(request).id, request.body.ids, request.body.status),
  );

  api.get(
    "/users/details/:id",
    {
      schema: {
        tags: ["users"],
        summary: "A user's details: devices, referrals, ledger and history",
        params: idParamsSchema,
        response: { 200: customerDetailsSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => found(await getCustomerDetails(db, currentAdmin(request).id, request.params.id)),
  );

  api.get(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "A user",
        params: idParamsSchema,
        response: { 200: customerSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => found(await getCustomer(db, currentAdmin(request).id, request.params.id)),
  );

  api.put(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary:
          "Edit a user; points move only by a signed pointsDelta with a pointsReason (an admin adjustment in the ledger)",
        params: idParamsSchema,
        body: customerUpdateBodySchema,
        response: { 200: customerSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
      },
    },
    async (request) =>
      found(await updateCustomer(db, { adminId: currentAdmin(request).id }, request.params.id, request.body)),
  );
}
