import {
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
  messages,
  postbackListAnswerSchema,
  postbackListBodySchema,
  postbackLogDetailsSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { getPostback, listPostbacks } from "./postback-log.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The operator's view of the postback log, scoped to the signed-in administrator. */
export async function postbackLogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/postbacks",
    {
      schema: {
        tags: ["postbacks"],
        summary: "List the postback log (filter, sort, page)",
        querystring: listQuerystringSchema,
        body: postbackListBodySchema,
        response: { 200: postbackListAnswerSchema, ...errors },
      },
    },
    async (request) => listPostbacks(db, currentAdmin(request).id, request.body.queryParams),
  );

  api.get(
    "/postbacks/:id",
    {
      schema: {
        tags: ["postbacks"],
        summary: "A postback log entry",
        params: idParamsSchema,
        response: { 200: postbackLogDetailsSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => {
      const details = await getPostback(db, currentAdmin(request).id, request.params.id);
      if (!details) throw new AppError(404, messages.notFound);
      return details;
    },
  );
}
