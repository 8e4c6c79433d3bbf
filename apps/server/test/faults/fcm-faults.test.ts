import type { Notification } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FcmSink, serviceAccountJson, startFcmSink, testKeyPair } from "../support/fcm-sink.ts";
import type { Tenant } from "../support/tenants.ts";
import { twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import {
  breakGate,
  type FailureMode,
  type FaultGate,
  failureModes,
  healGate,
  reasonPattern,
  startFaultGate,
} from "./fault-gate.ts";

// A push takes two calls: Google's OAuth token exchange (the key's token_uri), then FCM's send. Each
// sits behind its own fault gate, and each fails in every mode.
const timeoutMs = 500;
const answerBoundMs = timeoutMs + 2500;
const modes = Object.keys(failureModes) as FailureMode[];
const steps = ["token exchange", "FCM send"] as const;
const clientEmail = "push@rewards-faults.iam.gserviceaccount.com";

let t: TestApp;
let sink: FcmSink;
let tokenGate: FaultGate;
let sendGate: FaultGate;
let a: Tenant;

beforeAll(async () => {
  const keys = testKeyPair();
  tokenGate = await startFaultGate(() => sink.baseUrl);
  sendGate = await startFaultGate(() => sink.baseUrl);
  sink = await startFcmSink({
    publicKey: keys.publicKey,
    clientEmail,
    tokenAudience: `${tokenGate.baseUrl}/token`,
  });
  t = await startTestApp({
    env: {
      FCM_BASE_URL: sendGate.baseUrl,
      FCM_TOKEN_ORIGIN: tokenGate.baseUrl,
      OUTBOUND_TIMEOUT_MS: String(timeoutMs),
    },
  });
  ({ a } = await twoTenants(t.app));
  const saved = await t.app.inject({
    method: "POST",
    url: "/api/setting/push/",
    headers: a.headers,
    payload: {
      serviceAccountKey: serviceAccountJson({
        privateKeyPem: keys.privateKeyPem,
        clientEmail,
        tokenUri: `${tokenGate.baseUrl}/token`,
      }),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await Promise.all([tokenGate?.close(), sendGate?.close(), sink?.close()]);
  await t?.close();
});

const push = async (title: string) => {
  const started = Date.now();
  const response = await t.app.inject({
    method: "POST",
    url: "/api/notification/",
    headers: a.headers,
    payload: { title, body: "Fault test" },
  });
  return { response, ms: Date.now() - started };
};

const history = async () =>
  (await t.app.inject({ method: "GET", url: "/api/notification?pageSize=100", headers: a.headers })).json<{
    entities: Notification[];
  }>().entities;

describe.each(steps)("push when the %s fails", (step) => {
  const gate = () => (step === "token exchange" ? tokenGate : sendGate);

  it.each(modes)(
    "%s: answers 502 with the reason within the time-out, records it, then works again",
    async (mode) => {
      const title = `${step} ${mode}`;
      await breakGate(gate(), mode);
      try {
        const { response, ms } = await push(title);
        expect(ms).toBeLessThan(answerBoundMs);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ statusCode: 502, error: "Bad Gateway" });
        expect(response.json().message).toMatch(/^Firebase did not accept the notification: /);
        expect(response.json().message).toMatch(reasonPattern[mode]);
      } finally {
        await healGate(gate());
      }
      // The attempt is kept as failed, with its reason; nothing reached the devices.
      const failed = (await history()).find((entry) => entry.notificationTitle === title);
      expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(reasonPattern[mode]) });
      expect(sink.received.filter((received) => received.title === title)).toHaveLength(0);

      // Without a restart, the next push goes out.
      const { response: again } = await push(`${title} again`);
      expect(again.statusCode, again.body).toBe(200);
      expect(sink.received.filter((received) => received.title === `${title} again`)).toHaveLength(1);
    },
  );
});
