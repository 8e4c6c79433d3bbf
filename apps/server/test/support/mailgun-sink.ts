import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body.ts";

export type ReceivedMail = {
  domain: string;
  apiKey: string;
  fields: Record<string, string>;
};

/**
 * A local HTTP server speaking Mailgun's message API (POST /v3/{domain}/messages, basic auth api:{key},
 * form-encoded fields), so mail goes over the real wire protocol in tests. `failNext` makes the next
 * requests answer with a given status.
 */
export async function startMailgunSink() {
  const received: ReceivedMail[] = [];
  const failures: number[] = [];
  const waiters: Array<() => void> = [];

  const server = createServer(async (request, response) => {
    const match = /^\/v3\/([^/]+)\/messages$/.exec(request.url ?? "");
    const auth = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const [user, apiKey] = auth ? Buffer.from(auth, "base64").toString().split(":") : [];
    response.setHeader("content-type", "application/json");
    if (request.method !== "POST" || !match?.[1]) {
      response.statusCode = 404;
      return response.end(JSON.stringify({ message: "not found" }));
    }
    if (user !== "api" || !apiKey) {
      response.statusCode = 401;
      return response.end("Forbidden");
    }
    const failure = failures.shift();
    if (failure) {
      response.statusCode = failure;
      return response.end(JSON.stringify({ message: "failing on purpose" }));
    }
    const type = request.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      response.statusCode = 400;
      return response.end(JSON.stringify({ message: `unsupported content type ${type}` }));
    }
    const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
    if (!fields.from || !fields.to || !fields.subject) {
      response.statusCode = 400;
      return response.end(JSON.stringify({ message: "from, to and subject are required" }));
    }
    received.push({ domain: decodeURIComponent(match[1]), apiKey, fields });
    for (const wake of waiters.splice(0)) wake();
    response.end(JSON.stringify({ id: `<${received.length}@sink>`, message: "Queued. Thank you." }));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    /** Resolves with the first received mail sent to `to`, waiting for it up to timeoutMs. */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.findLast((mail) => mail.fields.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailgunSink = Awaited<ReturnType<typeof startMailgunSink>>;
