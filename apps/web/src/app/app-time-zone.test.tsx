import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useProfile } from "../features/auth/api/get-profile";
import { useDashboard } from "../features/dashboard/api/get-dashboard";
import { useAuthStore } from "../lib/auth-store";
import { formatDateTime } from "../lib/format";
import { currentTimeZone, showTimeZone } from "../lib/language";
import { createQueryClient } from "../lib/query-client";
import { dashboard } from "../test/fixtures/dashboard";
import { owner } from "../test/members";
import { stubFetch } from "../test/render";

const queryClient = createQueryClient();
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe("the signed-in profile", () => {
  afterEach(() => {
    // Unmounted first: the dashboard would ask again, without the stub, for the zone reset below.
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
    showTimeZone("UTC");
  });

  it("shows the dashboard in its app's time zone: the dates, and the days the dashboard asks for", async () => {
    useAuthStore.setState({ authToken: "jwt-1", user: null });
    const calls = stubFetch((call) =>
      call.url === "/api/profile/me"
        ? { body: { ...owner, timeZone: "Europe/Berlin" } }
        : { body: dashboard({ range: "today" }) },
    );
    renderHook(() => useProfile(), { wrapper });
    await waitFor(() => expect(useAuthStore.getState().user?.timeZone).toBe("Europe/Berlin"));
    expect(currentTimeZone()).toBe("Europe/Berlin");
    expect(formatDateTime("2026-11-26T22:30:00Z")).toBe("26 Nov 2026, 23:30");

    // The guard lets the dashboard in once the profile is there: it asks for Berlin's today.
    const figures = renderHook(() => useDashboard("today"), { wrapper });
    await waitFor(() => expect(figures.result.current.isSuccess).toBe(true));
    const asked = calls.filter((call) => call.url.startsWith("/api/dash?"));
    expect(asked.map((call) => new URL(call.url, "http://app").searchParams.get("tz"))).toEqual([
      "Europe/Berlin",
    ]);
  });
});
