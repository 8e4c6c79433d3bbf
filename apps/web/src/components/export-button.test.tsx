import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../lib/auth-store";
import { renderWithProviders } from "../test/render";
import { ExportButton } from "./export-button";
import { compactFilter, isIncompleteId, type ListStateConfig, useListState } from "./list/use-list-state";

const encoder = new TextEncoder();

/** A fetch whose CSV body the test feeds chunk by chunk. */
function streamingFetch() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const fetchMock = vi.fn(
    async () =>
      new Response(body, {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="offers-2026-11-25.csv"',
        },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** A list state like the offers': a network to pick, an id to search for, sorts. */
const offersConfig: ListStateConfig<"date" | "payout", Record<string, string>> = {
  filters: { network: {}, search: {}, searchIn: { values: ["_id"], default: "_id" } },
  sortFields: ["date", "payout"],
  defaultSort: { sortField: "date", sortOrder: "desc" },
  toFilter: (values) =>
    isIncompleteId(values, ["_id"])
      ? null
      : (compactFilter({ network: values.network, _id: values.search }) as Record<string, string>),
};

/** The export button with a real list state, and a filter to pick. */
function OffersExport() {
  const list = useListState(offersConfig);
  return (
    <>
      <button type="button" onClick={() => list.setFilters({ network: "bitlabs" })}>
        Pick BitLabs
      </button>
      <ExportButton list="offers" state={list} />
    </>
  );
}

describe("ExportButton", () => {
  let saved: { blob: Blob; name: string }[];
  beforeEach(() => {
    saved = [];
    useAuthStore.getState().setToken("token-1");
    let lastBlob: Blob | undefined;
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          lastBlob = blob;
          return "blob:export";
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAuthStore.getState().logout();
  });

  it("sends the list's filters with the token, shows the KB received while streaming, then saves the file", async () => {
    const stream = streamingFetch();
    renderWithProviders(<OffersExport />, {
      initialEntries: ["/?network=ogads&sortField=payout&sortOrder=asc"],
    });
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));

    const [url, init] = stream.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/export/offers");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      queryParams: {
        filter: { network: "ogads" },
        sortField: "payout",
        sortOrder: "asc",
        pageNumber: 1,
        pageSize: 10,
      },
    });
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer token-1");

    stream.send(`id,payout\r\n${"a,1\r\n".repeat(600)}`);
    expect(await screen.findByRole("button", { name: "Exporting… 3 KB" })).toBeDisabled();
    expect(saved).toEqual([]);
    stream.send("b,2\r\n");
    stream.end();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe("offers-2026-11-25.csv");
    const text = await saved[0]?.blob.text();
    expect(text?.startsWith("id,payout\r\na,1\r\n")).toBe(true);
    expect(text?.endsWith("b,2\r\n")).toBe(true);
    expect(await screen.findByRole("button", { name: "Export CSV" })).toBeEnabled();
  });

  it("shows the server's refusal and saves nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ statusCode: 400, error: "Bad Request", message: "Unknown network" }),
            {
              status: 400,
              headers: { "content-type": "application/json" },
            },
          ),
      ),
    );
    renderWithProviders(<ExportButton list="notifications" />);
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Can't export the list")).toBeInTheDocument();
    expect(screen.getByText("Unknown network")).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("exports a filter chosen just before the click, though the list has not re-rendered with it yet", async () => {
    const stream = streamingFetch();
    renderWithProviders(<OffersExport />);
    // One act: React renders the filter's change only after both clicks, as a slow transition would.
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Pick BitLabs" }));
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    });
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = stream.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).queryParams.filter).toEqual({ network: "bitlabs" });
    stream.end();
  });

  it("is disabled while the list's filters are incomplete", () => {
    renderWithProviders(<OffersExport />, { initialEntries: ["/?searchIn=_id&search=01a2"] });
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});
