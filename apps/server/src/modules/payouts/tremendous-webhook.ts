import { createHmac, timingSafeEqual } from "node:crypto";
import { messages, payoutEndpoints } from "@rewards/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { admins, payouts, providerEvents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { readPayoutSettings } from "./payout-settings.ts";
import { defaultPayoutTiming, type PayoutTiming, refreshOrder } from "./payout-work.ts";

/** True when `header` (hex, or "sha256=" and hex) is the HMAC-SHA256 of the raw body with the key. */
export function validSignature(raw: string, key: string, header: string | undefined): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, "");
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac("sha256", key).update(raw, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

type Event = { event: string; uuid: string; resource: { id: string; type: string } };

function readEvent(raw: string): Event {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, messages.bodyNotJson);
  }
  const event = body as {
    event?: unknown;
    uuid?: unknown;
    payload?: { resource?: { id?: unknown; type?: unknown } };
  };
  const resource = event?.payload?.resource;
  if (
    typeof event?.event !== "string" ||
    typeof event.uuid !== "string" ||
    event.uuid.length > 200 ||
    typeof resource?.id !== "string" ||
    typeof resource.type !== "string"
  ) {
    throw new AppError(400, messages.webhookShape);
  }
  return {
    event: event.event.slice(0, 100),
    uuid: event.uuid,
    resource: { id: resource.id, type: resource.type },
  };
}

/**
 * POST /webhooks/tremendous/<app key>: Tremendous tells an order or reward changed. Verified by the HMAC of
 * the raw body (401 and nothing recorded otherwise), applied once per event uuid, then the order is read
 * back from Tremendous and applied like a poll. Outside /api and without a token, like the postbacks.
 */
export async function tremendousWebhookRoutes(
  app: FastifyInstance,
  options: { onMailQueued?: () => void; timing?: Partial<PayoutTiming> },
) {
  const { db } = app.deps;
  const context = {
    db,
    log: app.log,
    onMailQueued: options.onMailQueued,
    timing: { ...defaultPayoutTiming, ...options.timing },
  };

  // The signature covers the bytes as sent: keep the raw text, parsed in the handler.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  route(
    app,
    payoutEndpoints.tremendousWebhook,
    async (request) => {
      const [tenant] = await db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(admins.appKey, request.params.appKey));
      if (!tenant) throw new AppError(404, messages.notFound);
      const settings = await readPayoutSettings(db, tenant.id);
      if (!settings.tremendous) throw new AppError(401, messages.providerNotReady);
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["tremendous-webhook-signature"];
      if (
        !validSignature(
          raw,
          settings.tremendous.webhookPrivateKey,
          typeof signature === "string" ? signature : undefined,
        )
      ) {
        throw new AppError(401, messages.badWebhookSignature);
      }
      const event = readEvent(raw);
      const fresh = await db
        .insert(providerEvents)
        .values({ appId: tenant.id, provider: "tremendous", uuid: event.uuid, event: event.event })
        .onConflictDoNothing()
        .returning({ uuid: providerEvents.uuid });
      if (fresh.length === 0) return { message: "Already applied" };
      const type = event.resource.type.toLowerCase();
      const column = type.startsWith("reward") ? payouts.providerRewardId : payouts.providerOrderId;
      if (!type.startsWith("reward") && !type.startsWith("order")) return { message: "Ignored" };
      const [payout] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.appId, tenant.id), eq(column, event.resource.id)))
        .orderBy(desc(payouts.createdAt))
        .limit(1);
      if (!payout || (payout.status !== "queued" && payout.status !== "processing"))
        return { message: "Ignored" };
      await refreshOrder(context, payout, new Date());
      return { message: "Applied" };
    },
    { bodyLimit: 64 * 1024 },
  );
}
