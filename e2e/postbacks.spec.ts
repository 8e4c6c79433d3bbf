import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("shows a postback with a bad signature in the postback log, with its reason and raw request", async () => {
  const me = await apiCall<{ _id: string }>(server.baseUrl, "GET", "/api/profile/me", undefined, token);
  // CPX Research, configured and enabled, so the request gets as far as the signature check.
  const saved = await apiCall(
    server.baseUrl,
    "POST",
    "/api/network/",
    {
      network: "cpxresearch",
      appId: "12345",
      appToken: "e2e-security-hash",
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
    },
    token,
  );
  expect([200, 409]).toContain(saved.status);
  const config = await apiCall<{ postbackUrl: string }>(
    server.baseUrl,
    "GET",
    `/api/network/cpxresearch/${me.body._id}`,
    undefined,
    token,
  );
  const hint = new URL(config.body.postbackUrl);
  const values: Record<string, string> = {
    "{user_id}": "00000000-0000-7000-8000-000000000001",
    "{trans_id}": "e2e-forged-1",
    "{status}": "1",
    "{amount_local}": "100",
    "{amount_usd}": "0.10",
    "{ip_click}": "203.0.113.9",
    "{secure_hash}": "0123456789abcdef0123456789abcdef",
  };
  let query = hint.search;
  for (const [macro, value] of Object.entries(values))
    query = query.replace(macro, encodeURIComponent(value));
  const response = await fetch(`${server.baseUrl}${hint.pathname}${query}`);
  expect(response.status).toBe(403);

  await page.goto(`${server.baseUrl}/dash/offers`);
  await page.getByRole("link", { name: "Postback log" }).click();
  await page.waitForURL("**/dash/offers/postbacks");
  const row = page.locator("tbody tr", { hasText: "e2e-forged-1" });
  await row.waitFor();
  expect(await row.textContent()).toContain("Bad signature");
  expect(await row.textContent()).toContain("secure_hash does not match");

  await row.getByRole("link", { name: "Details" }).click();
  await page.waitForURL(/\/dash\/offers\/postbacks\/[\w-]+\/details/);
  const raw = page.getByTestId("postback-raw");
  await raw.waitFor();
  const text = (await raw.textContent()) ?? "";
  expect(text).toContain("trans_id=e2e-forged-1");
  // The postback key in the path is masked like any secret.
  const key = hint.pathname.split("/")[2] ?? "";
  expect(text).toContain(`GET /postback/••••${key.slice(-4)}/cpxresearch`);
  expect(text).not.toContain(key);
  expect(text).not.toContain("0123456789abcdef0123456789abcdef");
});
