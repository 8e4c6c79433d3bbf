import type { AppSessionAnswer } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { admins, countries, rewardItems, rewards } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { goodPassword } from "./auth-helpers.ts";
import type { Tenant } from "./tenants.ts";

/** The tenant's public app key, as the operator would copy it into the app. */
export async function appKeyOf(db: Db, adminId: string): Promise<string> {
  const [row] = await db.select({ key: admins.appKey }).from(admins).where(eq(admins.id, adminId));
  if (!row) throw new Error(`no administrator ${adminId}`);
  return row.key;
}

export type AppCall = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  key?: string | null;
  token?: string | null;
  payload?: unknown;
  ip?: string;
};

/** One /app/v1 call as the app makes it: x-app-key, and a Bearer token once signed in. */
export function appCall(app: FastifyInstance, call: AppCall): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (call.key) headers["x-app-key"] = call.key;
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  return app.inject({
    method: call.method ?? "GET",
    url: `/app/v1${call.url}`,
    headers,
    ...(call.payload === undefined ? {} : { payload: call.payload as Record<string, unknown> }),
    ...(call.ip ? { remoteAddress: call.ip } : {}),
  });
}

export const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: goodPassword,
  platform: "android",
  device: {
    device_name: "Pixel 8",
    gaid: newId(),
    androidId: newId().replaceAll("-", "").slice(0, 16),
    locale: "en_US",
    resolution: "1080x2400",
    country_code: "US",
    carrier_country: "us",
    osversion: "14",
  },
  visitorId: newId(),
  userInfo: { screen: "1080x2400", timezone: "America/New_York" },
  ...overrides,
});

/** Signs up and expects success; answers the session (token and user). */
export async function signUpOk(
  app: FastifyInstance,
  key: string,
  email: string,
  overrides: Record<string, unknown> = {},
  ip?: string,
): Promise<AppSessionAnswer> {
  const response = await appCall(app, {
    method: "POST",
    url: "/auth/sign-up",
    key,
    payload: signUpBody(email, overrides),
    ...(ip ? { ip } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AppSessionAnswer>();
}

/** A country with one reward and its items, written directly: these tests are not about the catalog screens. */
export async function addCatalogCountry(
  db: Db,
  tenant: Pick<Tenant, "id">,
  code: string,
  options: { priority?: number; reward?: string; items?: { cost: string; points: number }[] } = {},
) {
  const countryId = newId();
  await db.insert(countries).values({
    id: countryId,
    adminId: tenant.id,
    fullName: code,
    code,
    priority: options.priority ?? 1,
  });
  const rewardId = newId();
  await db.insert(rewards).values({
    id: rewardId,
    adminId: tenant.id,
    countryId,
    name: options.reward ?? `${code} Gift Card`,
    order: 1,
  });
  const items = options.items ?? [{ cost: "$5", points: 5000 }];
  const itemIds = items.map(() => newId());
  await db
    .insert(rewardItems)
    .values(
      items.map((item, index) => ({ id: itemIds[index] as string, adminId: tenant.id, rewardId, ...item })),
    );
  return { countryId, rewardId, itemIds };
}
