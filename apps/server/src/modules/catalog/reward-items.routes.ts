import { rewardItemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import {
  createRewardItem,
  deleteRewardItems,
  getRewardItem,
  listRewardItems,
  updateRewardItem,
} from "./reward-items.service.ts";

/** The items of a reward, scoped to the signed-in administrator's app. */
export async function rewardItemsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, rewardItemEndpoints.list, async (request) =>
    found(
      await listRewardItems(db, currentAppId(request), request.params.rewardId, request.body.queryParams),
    ),
  );

  route(app, rewardItemEndpoints.create, async (request) => ({
    rewardItem: found(await createRewardItem(db, actorOf(request), request.params.rewardId, request.body)),
  }));

  route(app, rewardItemEndpoints.deleteMany, async (request) => ({
    deleted: (await deleteRewardItems(db, actorOf(request), request.body.ids)).length,
  }));

  route(app, rewardItemEndpoints.details, async (request) =>
    found(await getRewardItem(db, currentAppId(request), request.params.id)),
  );

  route(app, rewardItemEndpoints.update, async (request) =>
    found(await updateRewardItem(db, actorOf(request), request.params.id, request.body)),
  );

  route(app, rewardItemEndpoints.delete, async (request) => {
    const [deleted] = await deleteRewardItems(db, actorOf(request), [request.params.id]);
    return found(deleted ?? null);
  });
}
