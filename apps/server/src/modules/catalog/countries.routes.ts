import { countryEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import {
  createCountry,
  deleteCountries,
  deleteCountry,
  getCountry,
  listCountries,
  updateCountry,
} from "./countries.service.ts";

/** The catalog's countries, scoped to the signed-in administrator's app. */
export async function countriesRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, countryEndpoints.list, async (request) =>
    listCountries(db, currentAppId(request), request.body.queryParams),
  );

  route(app, countryEndpoints.deleteMany, async (request) => ({
    deleted: (await deleteCountries(db, actorOf(request), request.body.ids)).length,
  }));

  route(app, countryEndpoints.create, async (request) => ({
    country: await createCountry(db, actorOf(request), request.body),
  }));

  route(app, countryEndpoints.details, async (request) =>
    found(await getCountry(db, currentAppId(request), request.params.id)),
  );

  route(app, countryEndpoints.update, async (request) =>
    found(await updateCountry(db, actorOf(request), request.params.id, request.body)),
  );

  route(app, countryEndpoints.delete, async (request) =>
    found(await deleteCountry(db, actorOf(request), request.params.id)),
  );
}
