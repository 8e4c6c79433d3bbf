import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body.ts";

/** What a new order does: executed at once, left pending (to execute, fail or cancel later), or failed. */
export type FakeOutcome = "execute" | "pending" | "fail";

export type FakeOrder = {
  id: string;
  external_id: string;
  status: string;
  created_at: string;
  /** The body it was created with, minus nothing: a repeat with other parameters is a 409. */
  params: string;
  rewards: {
    id: string;
    order_id: string;
    value: { denomination: number; currency_code: string };
    delivery: { method: string; status: string; link?: string };
  }[];
};

export type FakeRequest = { method: string; path: string; body: unknown; status: number };

/** The HMAC-SHA256 of a webhook's raw body, hex, as Tremendous signs it. */
export const signWebhook = (raw: string, privateKey: string) =>
  createHmac("sha256", privateKey).update(raw, "utf8").digest("hex");

/**
 * A local server speaking Tremendous's REST API v2 as we use it: POST /orders (Bearer key, idempotent by
 * external_id: same parameters → 200 and the same order, other parameters → 409), GET /orders/:id,
 * GET /rewards/:id. Orders execute at once by default; `outcome` leaves them pending or fails them, and
 * `setStatus` moves one later. Failures on demand: `failNext` (a status N times, 429 with Retry-After),
 * `downUntil` (503 until a time of `clock`, which a test may simulate). `sendWebhook` posts a signed event.
 */
export async function startFakeTremendous(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? "fake-tremendous-key";
  const orders = new Map<string, FakeOrder>();
  const byExternalId = new Map<string, FakeOrder>();
  const requests: FakeRequest[] = [];
  const failures: { status: number; retryAfter?: string }[] = [];
  let downUntilMs = 0;
  let counter = 0;

  const fake = {
    baseUrl: "",
    apiKey,
    orders,
    requests,
    /** New orders' fate. */
    outcome: "execute" as FakeOutcome,
    /** Now, for `downUntil`: a test simulating time replaces it. */
    clock: () => Date.now(),
    failNext(status: number, times = 1, retryAfter?: string) {
      for (let index = 0; index < times; index++) failures.push({ status, retryAfter });
    },
    /** 503 for every call until `clock()` reaches this time (ms). */
    downUntil(ms: number) {
      downUntilMs = ms;
    },
    /** Moves an order (and its rewards' delivery) to a status, e.g. EXECUTED, FAILED, CANCELED. */
    setStatus(orderId: string, status: string, deliveryStatus?: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = status;
      for (const reward of order.rewards) {
        const follows: Record<string, string> = {
          EXECUTED: "SUCCEEDED",
          FAILED: "FAILED",
          CANCELED: "CANCELED",
        };
        reward.delivery.status = deliveryStatus ?? follows[status] ?? reward.delivery.status;
      }
    },
    orderFor: (externalId: string) => byExternalId.get(externalId),
    /** POST /orders calls made (successful or not) for one external id. */
    orderCalls: (externalId: string) =>
      requests.filter(
        (request) =>
          request.method === "POST" &&
          (request.body as { external_id?: string } | null)?.external_id === externalId,
      ),
    /** A signed event as Tremendous sends it: the raw body and its signature header. */
    signedEvent(
      event: string,
      resource: { id: string; type: "orders" | "rewards" },
      privateKey: string,
      extra: { badSignature?: boolean; uuid?: string; prefix?: boolean } = {},
    ) {
      const raw = JSON.stringify({
        event,
        uuid: extra.uuid ?? randomUUID(),
        created_utc: new Date().toISOString(),
        payload: { resource },
      });
      const signature = extra.badSignature
        ? signWebhook(raw, `${privateKey}-wrong`)
        : signWebhook(raw, privateKey);
      return { raw, signature: extra.prefix ? `sha256=${signature}` : signature };
    },
    /** Posts a signed event to a webhook URL (a listening server). */
    async sendWebhook(
      url: string,
      event: string,
      resource: { id: string; type: "orders" | "rewards" },
      privateKey: string,
      extra: { badSignature?: boolean; uuid?: string; prefix?: boolean } = {},
    ) {
      const { raw, signature } = fake.signedEvent(event, resource, privateKey, extra);
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "tremendous-webhook-signature": signature },
        body: raw,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const answer = (orderOrReward: object) => JSON.stringify(orderOrReward);
  const publicOrder = ({ params: _params, ...order }: FakeOrder) => order;

  const server = createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    const raw = request.method === "POST" ? await readBody(request) : "";
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method: request.method ?? "", path, body, status });
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return send(401, { errors: { message: "Invalid API key" } });
    }
    const failure = failures.shift();
    if (failure) {
      return send(
        failure.status,
        { errors: { message: "failing on purpose" } },
        failure.retryAfter ? { "retry-after": failure.retryAfter } : {},
      );
    }
    if (fake.clock() < downUntilMs) return send(503, { errors: { message: "Service unavailable" } });

    if (request.method === "POST" && path === "/orders") {
      const input = body as {
        external_id?: string;
        reward?: {
          value?: { denomination?: number; currency_code?: string };
          delivery?: { method?: string };
        };
      } | null;
      if (!input?.external_id || !input.reward?.value?.denomination) {
        return send(400, { errors: { message: "external_id and reward.value are required" } });
      }
      const params = JSON.stringify({ ...input, external_id: undefined });
      const existing = byExternalId.get(input.external_id);
      if (existing) {
        if (existing.params !== params) {
          return send(409, {
            errors: { message: "An order with this external_id exists with other parameters" },
          });
        }
        return send(200, answer({ order: publicOrder(existing) }));
      }
      counter += 1;
      const id = `ORDER${String(counter).padStart(6, "0")}`;
      const method = input.reward.delivery?.method ?? "EMAIL";
      const status =
        fake.outcome === "execute" ? "EXECUTED" : fake.outcome === "fail" ? "FAILED" : "PENDING APPROVAL";
      const order: FakeOrder = {
        id,
        external_id: input.external_id,
        status,
        created_at: new Date().toISOString(),
        params,
        rewards: [
          {
            id: `REWARD${String(counter).padStart(6, "0")}`,
            order_id: id,
            value: {
              denomination: input.reward.value.denomination,
              currency_code: input.reward.value.currency_code ?? "USD",
            },
            delivery: {
              method,
              status: status === "EXECUTED" ? "SUCCEEDED" : status === "FAILED" ? "FAILED" : "PENDING",
              ...(method === "LINK" ? { link: `https://reward.fake-tremendous.test/${id}` } : {}),
            },
          },
        ],
      };
      orders.set(id, order);
      byExternalId.set(input.external_id, order);
      return send(201, answer({ order: publicOrder(order) }));
    }
    const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
    if (request.method === "GET" && orderMatch?.[1]) {
      const order = orders.get(decodeURIComponent(orderMatch[1]));
      return order
        ? send(200, answer({ order: publicOrder(order) }))
        : send(404, { errors: { message: "Not found" } });
    }
    const rewardMatch = /^\/rewards\/([^/]+)$/.exec(path);
    if (request.method === "GET" && rewardMatch?.[1]) {
      for (const order of orders.values()) {
        const reward = order.rewards.find((entry) => entry.id === rewardMatch[1]);
        if (reward) return send(200, answer({ reward }));
      }
      return send(404, { errors: { message: "Not found" } });
    }
    return send(404, { errors: { message: "Not found" } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  return fake;
}
export type FakeTremendous = Awaited<ReturnType<typeof startFakeTremendous>>;
