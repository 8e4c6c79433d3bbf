import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

const token = "metrics-token-for-the-test-0001";
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: token } });
  ({ a } = await twoTenants(t.app));
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** A sample's value in the text format, by its name and labels as written; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics with METRICS_TOKEN set", () => {
  it("answers 401 with a code to no token, another scheme or a wrong token, and leaks nothing", async () => {
    for (const authorization of [
      undefined,
      `Basic ${token}`,
      "Bearer wrong-token-of-the-same-len",
      `Bearer ${token}x`,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, code: "metricsTokenInvalid" });
      expect(response.body).not.toContain("http_request_duration_seconds");
    }
  });

  it("measures requests by route pattern, never by raw address", async () => {
    const userId = newId();
    await t.app.inject({ method: "GET", url: `/api/users/details/${userId}`, headers: a.headers });
    await t.app.inject({ method: "GET", url: "/healthz" });
    await t.app.inject({ method: "GET", url: `/no/such/${userId}` });
    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{route="/api/users/details/:id",method="GET",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain(userId);
    // Every call done, none waits: the scrape itself is not queued (health and metrics never are).
    expect(sample(text, 'http_requests_in_process{state="running"}')).toBe(0);
    expect(sample(text, 'http_requests_in_process{state="waiting"}')).toBe(0);
  });

  it("counts postbacks by network and outcome", async () => {
    const response = await t.app.inject({ method: "GET", url: "/postback/no-such-key/adgateow?user_id=x" });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const text = (await scrape(`Bearer ${token}`)).body;
    expect(sample(text, 'postbacks_total{network="adgateow",outcome="unknown_key"}')).toBe(1);
  });

  it("reports the outbox's depth and the age of its oldest unsent mail", async () => {
    const now = Date.now();
    await t.db.insert(mailOutbox).values({
      id: newId(),
      adminId: a.id,
      toAddress: "later@user.test",
      subject: "Waiting",
      html: "<p>x</p>",
      text: "x",
      createdAt: new Date(now - 120_000),
      // Not due for an hour: the worker leaves it queued.
      nextAttemptAt: new Date(now + 3_600_000),
    });
    const text = (await scrape(`Bearer ${token}`)).body;
    expect(sample(text, "mail_outbox_pending")).toBe(1);
    expect(sample(text, "mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(119);
  });

  it("counts the background jobs' rounds, and carries the process's own metrics", async () => {
    await expect
      .poll(async () =>
        sample((await scrape(`Bearer ${token}`)).body, 'job_runs_total{job="mail_outbox",outcome="ok"}'),
      )
      .toBeGreaterThan(0);
    const text = (await scrape(`Bearer ${token}`)).body;
    expect(sample(text, 'job_runs_total{job="payouts",outcome="ok"}')).toBeGreaterThan(0);
    expect(text).toContain("# TYPE job_run_duration_seconds histogram");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});
