import type { TremendousSettings } from "@rewards/contract";

/** A Tremendous order as its REST API v2 answers it (the fields we read). */
export type TremendousOrder = {
  id: string;
  external_id?: string | null;
  status: string;
  rewards?: {
    id: string;
    order_id?: string;
    delivery?: { method?: string; status?: string; link?: string | null };
  }[];
};

export type OrderRequest = {
  externalId: string;
  denomination: number;
  currency: string;
  productId: string | null;
  campaignId: string | null;
  recipient: { name: string; email: string };
};

/**
 * Why a call did not give an order: `transient` (429, 5xx, network, time-out: try again later, after
 * `retryAfterMs` when Tremendous said so) or refused (another 4xx: Tremendous's own message).
 */
export class TremendousError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status: number | null,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function errorText(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const errors = (body as { errors?: { message?: unknown; payload?: unknown } }).errors;
  if (errors && typeof errors.message === "string") return errors.message;
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" ? message : null;
}

async function send(
  settings: TremendousSettings,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<TremendousOrder> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw new TremendousError(
      `Tremendous unavailable (${timedOut ? "time-out" : "network error"})`,
      true,
      null,
    );
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (response.status === 429 || response.status >= 500) {
    throw new TremendousError(
      `Tremendous unavailable (HTTP ${response.status})`,
      true,
      response.status,
      retryAfterMs(response.headers.get("retry-after")),
    );
  }
  if (!response.ok) {
    const said = errorText(parsed) ?? `HTTP ${response.status}`;
    const message =
      response.status === 409
        ? `Tremendous refused: this redeem was already ordered with other details (${said})`
        : `Tremendous refused (HTTP ${response.status}): ${said}`;
    throw new TremendousError(message.slice(0, 500), false, response.status);
  }
  const order = (parsed as { order?: TremendousOrder } | null)?.order;
  if (!order || typeof order.id !== "string" || typeof order.status !== "string") {
    throw new TremendousError("Tremendous unavailable (unreadable answer)", true, response.status);
  }
  return order;
}

/**
 * Places the order of one redeem: `external_id` is always the redeem's id, so a retry (even from a new
 * payout) gets the order already placed, and a redeem is never ordered twice.
 */
export function createOrder(settings: TremendousSettings, order: OrderRequest, timeoutMs: number) {
  return send(
    settings,
    "POST",
    "/orders",
    {
      external_id: order.externalId,
      payment: { funding_source_id: settings.fundingSourceId },
      reward: {
        value: { denomination: order.denomination, currency_code: order.currency },
        ...(order.productId ? { products: [order.productId] } : {}),
        ...(order.campaignId ? { campaign_id: order.campaignId } : {}),
        delivery: { method: settings.delivery },
        recipient: order.recipient,
      },
    },
    timeoutMs,
  );
}

export function getOrder(settings: TremendousSettings, orderId: string, timeoutMs: number) {
  return send(settings, "GET", `/orders/${encodeURIComponent(orderId)}`, undefined, timeoutMs);
}

/** Order statuses still under way: the order is followed (webhook, then polling). */
export type OrderOutcome = "paid" | "failed" | "pending";

/** Ours for an order: EXECUTED is paid; FAILED, CANCELED or a canceled reward failed; anything else pending. */
export function outcomeOf(order: TremendousOrder): OrderOutcome {
  const status = order.status.toUpperCase();
  const rewardCanceled = (order.rewards ?? []).some(
    (reward) => reward.delivery?.status?.toUpperCase() === "CANCELED",
  );
  if (status === "FAILED" || status === "CANCELED" || rewardCanceled) return "failed";
  if (status === "EXECUTED") return "paid";
  return "pending";
}

/** The status as stored: the order's, then its first reward's delivery status. */
export function statusText(order: TremendousOrder): string {
  const delivery = order.rewards?.[0]?.delivery?.status;
  return (delivery ? `${order.status}/${delivery}` : order.status).slice(0, 100);
}
