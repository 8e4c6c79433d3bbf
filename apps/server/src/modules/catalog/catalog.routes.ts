import type { FastifyInstance } from "fastify";
import { countriesRoutes } from "./countries.routes.ts";
import { rewardItemsRoutes } from "./reward-items.routes.ts";
import { rewardsRoutes } from "./rewards.routes.ts";

/** The reward catalog: countries, their rewards and the rewards' items. */
export async function catalogRoutes(app: FastifyInstance) {
  await app.register(countriesRoutes);
  await app.register(rewardsRoutes);
  await app.register(rewardItemsRoutes);
}
