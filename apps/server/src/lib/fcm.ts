import { createPrivateKey } from "node:crypto";
import { messages } from "@rewards/contract";
import { importPKCS8, SignJWT } from "jose";
import { AppError } from "./errors.ts";
import { unreachableReason } from "./platform-mail.ts";

/** The fields of a Firebase service-account key that sending needs. */
export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id: string;
  token_uri: string;
};

export const fcmScope = "https://www.googleapis.com/auth/firebase.messaging";

export class PushSendError extends Error {}

/** Google's OAuth token hosts: current keys name oauth2.googleapis.com, older ones accounts.google.com. */
const googleTokenOrigins = new Set(["https://oauth2.googleapis.com", "https://accounts.google.com"]);

/**
 * The server POSTs to the key's token_uri, and an administrator supplies the key: without this check a
 * key could aim the server at an internal address (SSRF). Only Google's hosts over https pass, or the
 * one origin FCM_TOKEN_ORIGIN names (tests' local servers, a private gateway). Refused keys answer 400.
 */
export function checkTokenUri(tokenUri: string, extraOrigin: string | undefined): URL {
  let url: URL | undefined;
  try {
    url = new URL(tokenUri);
  } catch {
    url = undefined;
  }
  const allowed =
    url &&
    !url.username &&
    !url.password &&
    (googleTokenOrigins.has(url.origin) || (extraOrigin !== undefined && url.origin === extraOrigin));
  if (!url || !allowed) {
    throw new AppError(400, messages.serviceAccountTokenUri, {
      serviceAccountKey: messages.serviceAccountTokenUri,
    });
  }
  return url;
}

/** Parses a key the contract has already checked; a private key node cannot read answers 400. */
export function readServiceAccountKey(text: string): ServiceAccountKey {
  const key = JSON.parse(text) as ServiceAccountKey;
  try {
    createPrivateKey(key.private_key);
  } catch {
    throw new AppError(400, messages.serviceAccountPrivateKey, {
      serviceAccountKey: messages.serviceAccountPrivateKey,
    });
  }
  return key;
}

async function providerError(step: string, response: Response) {
  const text = (await response.text().catch(() => "")).slice(0, 300);
  let detail = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
    detail =
      body.error_description ?? (typeof body.error === "string" ? body.error : body.error?.message) ?? text;
  } catch {
    // Not JSON: the text itself is the best explanation.
  }
  return new PushSendError(`${step} answered ${response.status}${detail ? `: ${detail}` : ""}`);
}

/**
 * Google's service-account flow (RFC 7523): a JWT signed with the key's private key is exchanged at the
 * key's token_uri for a short-lived OAuth access token.
 */
async function accessToken(key: ServiceAccountKey, timeoutMs: number) {
  const privateKey = await importPKCS8(key.private_key, "RS256");
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: fcmScope })
    .setProtectedHeader({
      alg: "RS256",
      typ: "JWT",
      ...(key.private_key_id ? { kid: key.private_key_id } : {}),
    })
    .setIssuer(key.client_email)
    .setAudience(key.token_uri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  // The time limit covers the two HTTP calls (token exchange and send), not the signing above.
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetch(key.token_uri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    // A redirect could lead anywhere, past the token_uri check.
    redirect: "error",
    signal,
  });
  if (!response.ok) throw await providerError("The token service", response);
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (typeof body.access_token !== "string")
    throw new PushSendError("The token service sent no access token");
  return { token: body.access_token, signal };
}

/** One FCM HTTP v1 message to a topic; answers FCM's message name. Failures throw PushSendError. */
export async function sendToTopic(
  key: ServiceAccountKey,
  message: { topic: string; title: string; body: string },
  options: { fcmBaseUrl: string; tokenOrigin: string | undefined; timeoutMs?: number },
): Promise<string> {
  // A key saved before the token_uri check existed is checked again here (answers 400).
  checkTokenUri(key.token_uri, options.tokenOrigin);
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    // One time limit for both calls, so the operator waits at most that long.
    const { token, signal } = await accessToken(key, timeoutMs);
    const url = `${options.fcmBaseUrl}/v1/projects/${encodeURIComponent(key.project_id)}/messages:send`;
    const response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        message: { topic: message.topic, notification: { title: message.title, body: message.body } },
      }),
      redirect: "error",
      signal,
    });
    if (!response.ok) throw await providerError("Firebase Cloud Messaging", response);
    const body = (await response.json().catch(() => ({}))) as { name?: unknown };
    return typeof body.name === "string" ? body.name : "";
  } catch (error) {
    if (error instanceof PushSendError) throw error;
    // Network failures and time-outs (fetch's TypeError, the signal's abort), or a key jose cannot use:
    // the provider step failing, not our bug.
    const name = (error as { name?: string })?.name;
    const unreachable = error instanceof TypeError || name === "TimeoutError" || name === "AbortError";
    throw new PushSendError(
      unreachable
        ? `Google could not be reached: ${unreachableReason(error, timeoutMs)}`
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }
}
