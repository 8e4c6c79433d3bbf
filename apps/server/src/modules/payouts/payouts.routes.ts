import { codeImportLimits, payoutEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { deleteCode, importCodes, listCodes, revealCode, stockOf } from "./codes.service.ts";
import { holdsRoutes } from "./holds.routes.ts";
import { getPayoutJob } from "./payout-jobs.ts";
import { maskedSettings, readPayoutSettings, savePayoutSettings } from "./payout-settings.ts";

/**
 * The signed-in administrator's app's payouts: its payout rules (read, save), and the gift-card code
 * inventory (import, stock, list, reveal, delete).
 */
export async function payoutsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, payoutEndpoints.settings, async (request) =>
    maskedSettings(await readPayoutSettings(db, currentAppId(request))),
  );

  route(app, payoutEndpoints.saveSettings, async (request) =>
    savePayoutSettings(db, actorOf(request), request.body),
  );

  // A CSV file sent as it is (text/csv) reads as { csv }, like the JSON body; only in this plugin.
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "string", bodyLimit: codeImportLimits.bytes },
    (_request, body, done) => {
      done(null, { csv: body as string });
    },
  );

  route(
    app,
    payoutEndpoints.importCodes,
    async (request) =>
      found(
        await importCodes(
          db,
          actorOf(request),
          request.params.itemId,
          request.body.csv,
          request.query.dryRun === "true",
        ),
      ),
    { bodyLimit: codeImportLimits.bytes },
  );

  route(app, payoutEndpoints.job, async (request) =>
    found(await getPayoutJob(db, currentAppId(request), request.params.jobId)),
  );

  route(app, payoutEndpoints.stock, async (request) =>
    found(await stockOf(db, currentAppId(request), request.params.itemId)),
  );

  route(app, payoutEndpoints.listCodes, async (request) =>
    found(await listCodes(db, currentAppId(request), request.params.itemId, request.query)),
  );

  route(app, payoutEndpoints.revealCode, async (request) =>
    found(await revealCode(db, actorOf(request), request.params.id)),
  );

  route(app, payoutEndpoints.deleteCode, async (request) =>
    found(await deleteCode(db, actorOf(request), request.params.id)),
  );

  holdsRoutes(app);
}
