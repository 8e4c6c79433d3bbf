import { describeMessage } from "@rewards/contract";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProvider } from "../app/provider";
import { createQueryClient } from "../lib/query-client";

type RenderOptions = { path?: string; initialEntries?: string[]; routes?: RouteObject[] };

/** Renders inside the app's providers and a memory router; extra routes let a test observe redirects. */
export function renderWithProviders(ui: ReactNode | null, options: RenderOptions = {}) {
  const queryClient = createQueryClient();
  const routes: RouteObject[] = options.routes ?? [
    { path: options.path ?? "/", element: ui },
    { path: "*", element: <p>Landed on another page</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ["/"] });
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

type FakeAnswer = { status?: number; body?: unknown };
export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** Replaces global fetch; `answer` decides the reply for each call, and every call is recorded. */
export function stubFetch(answer: (call: FetchCall) => FakeAnswer | Promise<FakeAnswer>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? "GET",
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status = 200, body = {} } = await answer(call);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** An error answer as the server sends it: a catalogued message carries its code and params. */
export function errorBody(statusCode: number, message: string, fieldErrors?: Record<string, string>) {
  return {
    statusCode,
    error: "Error",
    ...describeMessage(message),
    message,
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}
