import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * What the gate does with one request: answer a status (with headers, e.g. Retry-After), or hang, i.e.
 * take the request and never answer (a provider past every time-out).
 */
export type Fault = { status: number; headers?: Record<string, string>; body?: string } | "hang";

type Planned = { fault: Fault; path?: RegExp };

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

/**
 * A local HTTP server in front of a real provider sink (Mailgun's or FCM's), for fault tests: each
 * request either meets the next planned fault or is passed through to the sink unchanged. `down()`
 * closes the port (connection refused) and `up()` opens the same port again.
 */
export async function startFaultGate(upstream: () => string) {
  const planned: Planned[] = [];
  let always: Planned | undefined;
  const sockets = new Set<Socket>();
  /** Every request that reached the gate, with when and what became of it. */
  const seen: { at: number; path: string; outcome: "passed" | "hung" | number }[] = [];

  async function pass(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "host",
      ),
    );
    const answer = await fetch(`${upstream()}${request.url ?? ""}`, {
      method: request.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    response.statusCode = answer.status;
    response.setHeader("content-type", answer.headers.get("content-type") ?? "application/json");
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  const server = createServer(async (request, response) => {
    const path = request.url ?? "";
    const index = planned.findIndex((plan) => !plan.path || plan.path.test(path));
    const plan =
      index >= 0
        ? planned.splice(index, 1)[0]
        : always && (!always.path || always.path.test(path))
          ? always
          : undefined;
    if (!plan) {
      seen.push({ at: Date.now(), path, outcome: "passed" });
      return pass(request, response).catch((error: Error) => {
        response.statusCode = 599;
        response.end(`gate could not reach the sink: ${error.message}`);
      });
    }
    if (plan.fault === "hang") {
      seen.push({ at: Date.now(), path, outcome: "hung" });
      return; // Never answered; closed with the gate or when the client gives up.
    }
    seen.push({ at: Date.now(), path, outcome: plan.fault.status });
    await readBody(request);
    response.writeHead(plan.fault.status, {
      "content-type": "application/json",
      ...plan.fault.headers,
    });
    response.end(plan.fault.body ?? JSON.stringify({ message: `failing on purpose (${plan.fault.status})` }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let listening = true;

  const closePort = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      // Resolved once clients in this process have had the time to see their kept-alive connections
      // end: the fault is a port nobody listens on, so the next send must open (and be refused) a new
      // connection, not write to one the gate has just cut.
      server.close(() => setTimeout(resolve, 50));
      for (const socket of sockets) socket.destroy();
    });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    /** The next `times` requests (matching `path`, when given) meet this fault. */
    failNext(fault: Fault, times = 1, path?: RegExp) {
      for (let i = 0; i < times; i++) planned.push({ fault, ...(path ? { path } : {}) });
    },
    /** Every request (matching `path`) meets this fault until `heal()`. */
    failAlways(fault: Fault, path?: RegExp) {
      always = { fault, ...(path ? { path } : {}) };
    },
    heal() {
      always = undefined;
      planned.length = 0;
    },
    /** Nothing listens on the port any more: connections are refused. */
    down: closePort,
    up: () =>
      new Promise<void>((resolve, reject) => {
        if (listening) return resolve();
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          listening = true;
          server.off("error", reject);
          resolve();
        });
      }),
    close: closePort,
  };
}
export type FaultGate = Awaited<ReturnType<typeof startFaultGate>>;

/** How the gate misbehaves in each test of the "each failure mode" tables. */
export const failureModes = {
  refused: "connection refused",
  hang: "no answer past the time-out",
  429: "429 Too Many Requests",
  500: "500 Internal Server Error",
} as const;
export type FailureMode = keyof typeof failureModes;

/** Puts the gate into a failure mode for good (until heal/up). */
export async function breakGate(gate: FaultGate, mode: FailureMode, path?: RegExp) {
  if (mode === "refused") return gate.down();
  gate.failAlways(mode === "hang" ? "hang" : { status: Number(mode) }, path);
}

/** Puts the gate back to passing everything through. */
export async function healGate(gate: FaultGate) {
  gate.heal();
  await gate.up();
}

/** The words each failure mode leaves in the reason the server records or answers. */
export const reasonPattern: Record<FailureMode, RegExp> = {
  refused: /ECONNREFUSED/,
  hang: /no answer within \d+ ms/,
  429: /429/,
  500: /500/,
};
