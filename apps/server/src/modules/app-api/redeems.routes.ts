import {
  appRedeemAnswerSchema,
  appRedeemBodySchema,
  appSignedInHeadersSchema,
  errorAnswerSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { requestRedeem } from "./redeems.service.ts";
import { clientIp } from "./screening.ts";

/** Request a redeem of a reward item: it appears Pending in the dashboard's Redeems. */
export async function appRedeemsRoutes(app: FastifyInstance, { ipDataBaseUrl }: { ipDataBaseUrl: string }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/redeems",
    {
      schema: {
        tags: ["app"],
        summary: "Redeem points for a reward item (debits its cost at once)",
        headers: appSignedInHeadersSchema,
        body: appRedeemBodySchema,
        response: {
          200: appRedeemAnswerSchema,
          400: errorAnswerSchema,
          401: errorAnswerSchema,
          403: errorAnswerSchema,
          404: errorAnswerSchema,
          409: errorAnswerSchema,
        },
      },
    },
    async (request) => {
      const { user } = currentAppSession(request);
      return requestRedeem(app.deps.db, ipDataBaseUrl, user, request.body, clientIp(request.ip));
    },
  );
}
