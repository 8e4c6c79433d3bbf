import { redeemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { clientIp } from "../risk/index.ts";
import { requestRedeem } from "./redeems.service.ts";

/** The mobile app asks for a reward item: the redeem appears Pending in the dashboard's Redeems. */
export async function redeemAppRoutes(app: FastifyInstance, { ipDataBaseUrl }: { ipDataBaseUrl: string }) {
  route(app, redeemEndpoints.appRequest, async (request) => {
    const { user } = currentAppSession(request);
    const { answer, queued } = await requestRedeem(
      app.deps.db,
      ipDataBaseUrl,
      user,
      request.body,
      clientIp(request.ip),
    );
    if (queued) app.deps.wakePayouts();
    return answer;
  });
}
