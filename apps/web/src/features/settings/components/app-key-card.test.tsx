import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { AppKeyCard } from "./app-key-card";

describe("AppKeyCard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the operator's app key and the header the app sends it in", async () => {
    const calls = stubFetch(() => ({ body: { appKey: "3f2a9c0d1e4b", header: "x-app-key" } }));
    renderWithProviders(<AppKeyCard />);
    expect(await screen.findByTestId("app-key")).toHaveTextContent("3f2a9c0d1e4b");
    expect(screen.getByText(/x-app-key header/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy app key" })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/app-key" });
  });

  it("says so when the key cannot be loaded", async () => {
    stubFetch(() => ({ status: 500, body: errorBody(500, "boom") }));
    renderWithProviders(<AppKeyCard />);
    expect(await screen.findByText("Could not load the app key.")).toBeInTheDocument();
  });
});
