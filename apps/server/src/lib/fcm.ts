import { createPrivateKey } from "node:crypto";
import { messages } from "@rewards/contract";
import { importPKCS8, SignJWT } from "jose";
import { AppError } from "./errors.ts";

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
async function accessToken(key: ServiceAccountKey, timeoutMs: number): Promise<string> {
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
  const response = await fetch(key.token_uri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw await providerError("The token service", response);
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (typeof body.access_token !== "string")
    throw new PushSendError("The token service sent no access token");
  return body.access_token;
}

/** One FCM HTTP v1 message to a topic; answers FCM's message name. Failures throw PushSendError. */
export async function sendToTopic(
  key: ServiceAccountKey,
  message: { topic: string; title: string; body: string },
  options: { fcmBaseUrl: string; timeoutMs?: number },
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    const token = await accessToken(key, timeoutMs);
    const url = `${options.fcmBaseUrl}/v1/projects/${encodeURIComponent(key.project_id)}/messages:send`;
    const response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        message: { topic: message.topic, notification: { title: message.title, body: message.body } },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw await providerError("Firebase Cloud Messaging", response);
    const body = (await response.json().catch(() => ({}))) as { name?: unknown };
    return typeof body.name === "string" ? body.name : "";
  } catch (error) {
    if (error instanceof PushSendError) throw error;
    // Network failures, timeouts, an unreadable key: still the provider step failing, not our bug.
    throw new PushSendError(error instanceof Error ? error.message : String(error));
  }
}
