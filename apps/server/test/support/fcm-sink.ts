import { generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { jwtVerify } from "jose";
import { readBody } from "./read-body.ts";

export type ReceivedPush = { project: string; topic: string; title: string; body: string };

const fcmScope = "https://www.googleapis.com/auth/firebase.messaging";

/** A fresh RSA key pair as a Firebase service-account key would carry it. */
export function testKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey };
}

/**
 * A local HTTP server speaking Google's OAuth token endpoint (JWT bearer grant, RFC 7523) at /token and
 * FCM HTTP v1 (POST /v1/projects/{project}/messages:send). The token endpoint checks the assertion's RS256
 * signature with the test key pair's PUBLIC key, and its iss, aud and scope; FCM checks the Bearer token
 * it issued, the topic and the notification. `failNext` makes the next send answer with a given status.
 */
export async function startFcmSink(options: {
  publicKey: KeyObject;
  clientEmail: string;
  /** The token address keys name when the sink sits behind another server (a fault gate). */
  tokenAudience?: string;
}) {
  const issued = new Set<string>();
  const received: ReceivedPush[] = [];
  const tokenRequests: { iss?: string; aud?: unknown; scope?: unknown }[] = [];
  const failures: number[] = [];
  let baseUrl = "";

  const server = createServer(async (request, response) => {
    response.setHeader("content-type", "application/json");
    const reply = (status: number, body: unknown) => {
      response.statusCode = status;
      response.end(JSON.stringify(body));
    };
    const url = request.url ?? "";
    if (request.method === "POST" && url === "/token") {
      const form = new URLSearchParams(await readBody(request));
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
        return reply(400, { error: "unsupported_grant_type" });
      }
      try {
        const { payload } = await jwtVerify(form.get("assertion") ?? "", options.publicKey, {
          algorithms: ["RS256"],
          issuer: options.clientEmail,
          audience: options.tokenAudience ?? `${baseUrl}/token`,
        });
        tokenRequests.push({ iss: payload.iss, aud: payload.aud, scope: payload.scope });
        if (payload.scope !== fcmScope) return reply(400, { error: "invalid_scope" });
      } catch (error) {
        return reply(400, { error: "invalid_grant", error_description: (error as Error).message });
      }
      const token = randomBytes(16).toString("hex");
      issued.add(token);
      return reply(200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
    }
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url);
    if (request.method === "POST" && send?.[1]) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!token || !issued.has(token)) {
        return reply(401, {
          error: { code: 401, message: "Request had invalid authentication credentials." },
        });
      }
      const failure = failures.shift();
      if (failure) return reply(failure, { error: { code: failure, message: "failing on purpose" } });
      const body = JSON.parse(await readBody(request)) as {
        message?: { topic?: unknown; notification?: { title?: unknown; body?: unknown } };
      };
      const { topic, notification } = body.message ?? {};
      if (
        topic !== "all" ||
        typeof notification?.title !== "string" ||
        typeof notification.body !== "string"
      ) {
        return reply(400, { error: { code: 400, message: "expected topic all with a title and body" } });
      }
      received.push({ project: send[1], topic, title: notification.title, body: notification.body });
      return reply(200, { name: `projects/${send[1]}/messages/${received.length}` });
    }
    return reply(404, { error: "not found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    tokenUri: `${baseUrl}/token`,
    received,
    tokenRequests,
    failNext(status: number) {
      failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FcmSink = Awaited<ReturnType<typeof startFcmSink>>;

/** A service-account key file for the sink: its token_uri is the sink's token endpoint. */
export function serviceAccountJson(options: {
  privateKeyPem: string;
  clientEmail: string;
  tokenUri: string;
  projectId?: string;
}) {
  return JSON.stringify({
    type: "service_account",
    project_id: options.projectId ?? "rewards-test",
    private_key_id: "0123456789abcdef0123456789abcdef7a3c",
    private_key: options.privateKeyPem,
    client_email: options.clientEmail,
    client_id: "100000000000000000001",
    token_uri: options.tokenUri,
  });
}
