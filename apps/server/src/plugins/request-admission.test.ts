import { once } from "node:events";
import { connect } from "node:net";
import { dashboardEndpoints, messages, offerEndpoints, systemEndpoints } from "@rewards/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRequestAdmission, type RequestAdmission } from "../lib/request-admission.ts";
import { readMultipartParts, registerMultipart } from "./multipart.ts";
import { registerRequestAdmission } from "./request-admission.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the queue", () => {
  it("admits up to its limit at once, then one waiting request per place given back, in arrival order", async () => {
    const admission = createRequestAdmission(2, 10_000);
    expect(await admission.admit().admitted).toBe(true);
    expect(await admission.admit().admitted).toBe(true);
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      admission.admit().admitted.then((admitted) => admitted && order.push(n)),
    );
    await sleep(5);
    expect([admission.running, admission.waiting]).toEqual([2, 3]);
    admission.release();
    await sleep(1);
    expect(order).toEqual([1]);
    admission.release();
    admission.release();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    expect([admission.running, admission.waiting]).toEqual([2, 0]);
  });

  it("gives up on a request after its longest wait, or when it is cancelled, without using a place", async () => {
    const admission = createRequestAdmission(1, 50);
    expect(await admission.admit().admitted).toBe(true);
    const started = Date.now();
    expect(await admission.admit().admitted).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const cancelled = admission.admit();
    const next = admission.admit();
    cancelled.cancel();
    expect(await cancelled.admitted).toBe(false);
    admission.release();
    // The place goes to the request behind the cancelled one.
    expect(await next.admitted).toBe(true);
    expect([admission.running, admission.waiting]).toEqual([1, 0]);
  });

  it("never lets a new request pass those waiting", async () => {
    const admission = createRequestAdmission(1, 10_000);
    await admission.admit().admitted;
    const first = admission.admit();
    admission.release();
    // The place just given back is the first waiter's, not this newcomer's.
    const newcomer = admission.admit();
    expect(await first.admitted).toBe(true);
    expect(admission.waiting).toBe(1);
    admission.release();
    expect(await newcomer.admitted).toBe(true);
    // Cancelling a turn already given changes nothing.
    first.cancel();
    expect([admission.running, admission.waiting]).toEqual([1, 0]);
  });
});

describe("calls over HTTP", () => {
  let app: FastifyInstance;
  let admission: RequestAdmission;
  let base: string;
  let gate: { open: () => void; promise: Promise<void> };
  const newGate = () => {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, promise };
  };
  const started: string[] = [];

  async function start(limit: number, maxWaitMs: number) {
    admission = createRequestAdmission(limit, maxWaitMs);
    app = Fastify({ forceCloseConnections: true });
    registerRequestAdmission(app, admission);
    gate = newGate();
    started.length = 0;
    // Contract endpoints' paths, with handlers that wait for the test's gate.
    app.get(
      dashboardEndpoints.figures.path,
      { config: { endpoint: dashboardEndpoints.figures } },
      async (request) => {
        const name = String((request.query as { name?: string }).name);
        started.push(name);
        if (name.startsWith("held")) await gate.promise;
        if (name === "fails") throw new Error("boom");
        return { name };
      },
    );
    app.post(offerEndpoints.list.path, { config: { endpoint: offerEndpoints.list } }, async () => {
      started.push("post");
      return { ok: true };
    });
    await registerMultipart(app);
    app.put(offerEndpoints.list.path, { config: { endpoint: offerEndpoints.list } }, async (request) => {
      await readMultipartParts(request, messages.validation, async (part) => {
        if (part.type === "file") await part.toBuffer();
      });
      return { uploaded: true };
    });
    app.get(systemEndpoints.health.path, { config: { endpoint: systemEndpoints.health } }, async () => ({
      status: "ok",
    }));
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  }
  afterEach(async () => {
    gate?.open();
    await app?.close();
  });
  const dash = (name: string) => fetch(`${base}${dashboardEndpoints.figures.path}?name=${name}`);

  it("runs calls past the limit one after another, in arrival order", async () => {
    await start(1, 10_000);
    const held = dash("held");
    await vi.waitFor(() => expect(started).toEqual(["held"]));
    // One at a time, each queued before the next is sent: their arrival order is the order asserted.
    const later: Promise<Response>[] = [];
    for (const name of ["b", "c", "d"]) {
      later.push(dash(name));
      await vi.waitFor(() => expect(admission.waiting).toBe(later.length));
    }
    expect(started).toEqual(["held"]);
    expect(admission.waiting).toBe(3);
    gate.open();
    const answers = await Promise.all([held, ...later]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(started).toEqual(["held", "b", "c", "d"]);
    expect([admission.running, admission.waiting]).toEqual([0, 0]);
  });

  it("answers 503 with Retry-After to a call that waited too long; health never waits", async () => {
    await start(1, 100);
    const held = dash("held");
    await vi.waitFor(() => expect(started).toEqual(["held"]));
    const health = await fetch(`${base}${systemEndpoints.health.path}`);
    expect(health.status).toBe(200);
    const refused = await dash("late");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ code: "serverBusy", message: messages.serverBusy });
    expect(started).toEqual(["held"]);
    gate.open();
    expect((await held).status).toBe(200);
  });

  it("gives the place back when a call fails, and when its client leaves while it waits or runs", async () => {
    await start(1, 10_000);
    expect((await dash("fails")).status).toBe(500);
    expect(admission.running).toBe(0);
    const leaving = new AbortController();
    const held = fetch(`${base}${dashboardEndpoints.figures.path}?name=held-left`, {
      signal: leaving.signal,
    });
    await vi.waitFor(() => expect(admission.running).toBe(1));
    const waitingThenLeaving = new AbortController();
    const gone = fetch(`${base}${dashboardEndpoints.figures.path}?name=never`, {
      signal: waitingThenLeaving.signal,
    });
    await vi.waitFor(() => expect(admission.waiting).toBe(1));
    waitingThenLeaving.abort();
    await expect(gone).rejects.toThrow();
    await vi.waitFor(() => expect(admission.waiting).toBe(0));
    leaving.abort();
    await expect(held).rejects.toThrow();
    await vi.waitFor(() => expect(admission.running).toBe(0));
    expect((await dash("after")).status).toBe(200);
    expect(started).not.toContain("never");
  });

  it("holds no place for a call whose body is still on its way", async () => {
    await start(1, 10_000);
    const socket = connect(Number(new URL(base).port), "127.0.0.1");
    await once(socket, "connect");
    // Headers and half of the body, then nothing: a slow (or malicious) client.
    socket.write(
      `POST ${offerEndpoints.list.path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 20\r\n\r\n{"queryParams":`,
    );
    await sleep(50);
    expect(admission.running).toBe(0);
    const answer = await dash("meanwhile");
    expect(answer.status).toBe(200);
    socket.destroy();
  });

  it("holds no place for a multipart upload, which its handler reads as it comes", async () => {
    await start(1, 10_000);
    const socket = connect(Number(new URL(base).port), "127.0.0.1");
    await once(socket, "connect");
    socket.write(
      `PUT ${offerEndpoints.list.path} HTTP/1.1\r\nhost: x\r\ncontent-type: multipart/form-data; boundary=b\r\ncontent-length: 500\r\n\r\n--b\r\ncontent-disposition: form-data; name="icon"; filename="a.png"\r\n\r\nabc`,
    );
    await sleep(50);
    expect(admission.running).toBe(0);
    expect((await dash("meanwhile")).status).toBe(200);
    socket.destroy();
  });
});
