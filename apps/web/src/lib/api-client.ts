import {
  type AnswerOf,
  type CallInput,
  describeMessage,
  type Endpoint,
  type ErrorAnswer,
  type MessageCode,
  pathOf,
} from "@rewards/contract";
import { useAuthStore } from "./auth-store";
import { t, translateMessage } from "./i18n";
import { currentLanguage } from "./language";

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** The server message's code: what a screen tests, since the message is in the language shown. */
  readonly code: MessageCode | undefined;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, code?: MessageCode) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }
}

/**
 * A refusal's answer as an ApiError in the language shown: its message by its code (else read back from
 * the English), its fields' messages too; a body without a message says why it failed in general.
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const answer = isErrorAnswer(body) ? body : {};
  const fieldErrors = Object.fromEntries(
    Object.entries(answer.fieldErrors ?? {}).map(([field, text]) => [field, translateMessage(text)]),
  );
  if (typeof answer.message !== "string" || !answer.message) {
    const code: MessageCode = status === 401 ? "unauthorized" : "internal";
    return new ApiError(status, t(`error.${code}`), fieldErrors, code);
  }
  const parts = answer.code ? { code: answer.code, params: answer.params } : describeMessage(answer.message);
  return new ApiError(status, translateMessage(answer.message, parts), fieldErrors, parts?.code);
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /** The sign-in call answers 401 for a wrong password: that must not count as a lost session. */
  skipAuthRedirect?: boolean;
};

// main.tsx points this at the router; kept injectable so the client does not import the route tree.
let unauthorizedHandler: () => void = () => {};

export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

// Called when the installation requires two-factor sign-in and this administrator has not set it up.
let mfaEnrolmentHandler: () => void = () => {};

export function setMfaEnrolmentHandler(handler: () => void) {
  mfaEnrolmentHandler = handler;
}

function isErrorAnswer(body: unknown): body is Partial<ErrorAnswer> {
  return typeof body === "object" && body !== null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  // The language shown: the server answers a profile in it until the member chooses one.
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
  };
  const token = useAuthStore.getState().authToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (file uploads) goes as multipart: the browser sets the type with its boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: multipart
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, t("common.networkError"));
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  if (response.status === 401 && !options.skipAuthRedirect) {
    useAuthStore.getState().logout();
    unauthorizedHandler();
  }
  const error = apiErrorOf(response.status, body);
  if (response.status === 403 && error.code === "mfaEnrolmentRequired") {
    // The profile may predate the owner's switch: mark it, so the guard keeps to the enrolment screen.
    const { user, setUser } = useAuthStore.getState();
    if (user) setUser({ ...user, mfaRequired: true, mfaEnabled: false });
    mfaEnrolmentHandler();
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
};

export type CallOptions = Omit<RequestOptions, "body">;

/** The query string of a call: every defined value, as text. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

type CallArguments<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls one of the contract's endpoints: the path, its parameters, the query and the body are checked
 * against the definition at compile time, and the answer is typed by it. The only way the web calls the API.
 */
export function call<E extends Endpoint>(definition: E, ...[input, options]: CallArguments<E>) {
  const parts = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = pathOf(definition, parts.params) + queryString(parts.query);
  return apiRequest<AnswerOf<E>>(definition.method, path, { ...options, body: parts.body });
}
