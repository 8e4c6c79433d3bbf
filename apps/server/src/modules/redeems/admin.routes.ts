import { redeemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { payRedeems } from "./pay-many.ts";
import { approveRedeem } from "./redeem-approval.ts";
import { getRedeemDetails, listRedeems } from "./redeem-queries.ts";
import { cancelRedeem, changeRedeemsStatus, payRedeem, revealRedeemCode } from "./redeems.service.ts";

/**
 * The dashboard's Redeems, scoped to the signed-in administrator's app. `onQueued` wakes the outbox
 * worker after a reward e-mail is queued; `app.deps.wakePayouts` the payout worker after a payout is.
 */
export async function redeemAdminRoutes(app: FastifyInstance, { onQueued }: { onQueued: () => void }) {
  const { db } = app.deps;

  route(app, redeemEndpoints.list, async (request) =>
    listRedeems(db, currentAppId(request), request.body.queryParams),
  );

  route(app, redeemEndpoints.changeStatus, async (request) =>
    changeRedeemsStatus(db, actorOf(request), request.body.ids, request.body.status),
  );

  route(app, redeemEndpoints.pay, async (request) => {
    const paid = await payRedeem(db, actorOf(request), request.params.id, request.body);
    const redeem = found(paid.redeem);
    if (paid.queued) app.deps.wakePayouts();
    else onQueued();
    return redeem;
  });

  route(app, redeemEndpoints.payMany, async (request, reply) => {
    const { jobId, queued } = await payRedeems(db, actorOf(request), request.body.ids);
    if (queued > 0) app.deps.wakePayouts();
    return reply.code(202).send({ jobId });
  });

  route(app, redeemEndpoints.approve, async (request) =>
    found(await approveRedeem(db, actorOf(request), request.params.id)),
  );

  route(app, redeemEndpoints.revealCode, async (request) =>
    found(await revealRedeemCode(db, actorOf(request), request.params.id)),
  );

  route(app, redeemEndpoints.details, async (request) =>
    found(await getRedeemDetails(db, currentAppId(request), request.params.id)),
  );

  route(app, redeemEndpoints.cancel, async (request) =>
    found(await cancelRedeem(db, actorOf(request), request.params.id)),
  );
}
