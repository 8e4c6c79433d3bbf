import { redeemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { approveRedeem } from "./redeem-approval.ts";
import { getRedeemDetails, listRedeems } from "./redeem-queries.ts";
import { cancelRedeem, changeRedeemsStatus, payRedeem, revealRedeemCode } from "./redeems.service.ts";

/**
 * The dashboard's Redeems, scoped to the signed-in administrator's app. `onQueued` wakes the outbox
 * worker after a reward e-mail is queued.
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
    const redeem = found(await payRedeem(db, actorOf(request), request.params.id, request.body));
    onQueued();
    return redeem;
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
