import { messages, rewardEndpoints, rewardFieldsSchema, rewardIconField } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { type Image, readImagePart } from "../../lib/uploads.ts";
import { parseOrThrow } from "../../lib/validation.ts";
import { readMultipartParts } from "../../plugins/multipart.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import {
  createReward,
  deleteReward,
  deleteRewards,
  getReward,
  listRewards,
  updateReward,
} from "./rewards.service.ts";

/** A multipart number field: empty or absent is missing (the schema's "Priority is required"). */
const numberField = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : Number(value);

/** The reward form arrives as multipart: name, order and the icon as the file "file". */
async function readRewardForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let icon: Image | undefined;
  await readMultipartParts(request, messages.rewardFormUnreadable, async (part) => {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === rewardIconField && part.filename !== "") {
      icon = await readImagePart(part);
    } else {
      // An unknown file field, or an empty file input: drain it so the form keeps streaming.
      await part.toBuffer();
    }
  });
  const parsed = parseOrThrow(rewardFieldsSchema, { name: fields.name, order: numberField(fields.order) });
  return { fields: parsed, icon };
}

/** The rewards of a country, scoped to the signed-in administrator's app. */
export async function rewardsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, rewardEndpoints.list, async (request) =>
    found(await listRewards(db, currentAppId(request), request.params.countryId, request.body.queryParams)),
  );

  route(app, rewardEndpoints.create, async (request) => {
    const { fields, icon } = await readRewardForm(request);
    const reward = await createReward(db, actorOf(request), request.params.countryId, fields, icon);
    return { reward: found(reward) };
  });

  route(app, rewardEndpoints.deleteMany, async (request) => ({
    deleted: (await deleteRewards(db, actorOf(request), request.body.ids)).length,
  }));

  route(app, rewardEndpoints.details, async (request) =>
    found(await getReward(db, currentAppId(request), request.params.id)),
  );

  route(app, rewardEndpoints.update, async (request) => {
    const { fields, icon } = await readRewardForm(request);
    return found(await updateReward(db, actorOf(request), request.params.id, fields, icon));
  });

  route(app, rewardEndpoints.delete, async (request) =>
    found(await deleteReward(db, actorOf(request), request.params.id)),
  );
}
