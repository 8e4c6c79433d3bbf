import type { SearchAnswer } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, stubFetch } from "../../../test/render";
import { SearchLauncher } from "./search-launcher";

const userId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a01";
const redeemId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a02";
const offerId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a03";

const answer: SearchAnswer = {
  results: [
    { kind: "user", id: userId, label: "ann@example.com", detail: "KEY1" },
    { kind: "redeem", id: redeemId, label: "ann.pay@example.com", detail: "PayPal $5" },
    { kind: "offer", id: offerId, label: "TX-1", detail: "bitlabs · Survey" },
  ],
};

function renderLauncher() {
  const calls = stubFetch((call) =>
    call.url.startsWith("/api/search") ? { body: answer } : { status: 404, body: {} },
  );
  const view = renderWithProviders(null, {
    routes: [
      { path: "/", element: <SearchLauncher /> },
      { path: "/dash/customers/:id/details", element: <p>User details page</p> },
      { path: "/dash/redeems/:id/details", element: <p>Redeem details page</p> },
      { path: "/dash/offers/:id/details", element: <p>Offer details page</p> },
    ],
  });
  const searches = () => calls.filter((call) => call.url.startsWith("/api/search"));
  return { ...view, searches };
}

afterEach(() => vi.unstubAllGlobals());

// Each test opens the palette and types, one keystroke at a time; two such flows took over the default
// 5 s on a loaded 2-CPU CI machine.
describe("search palette", { timeout: 20_000 }, () => {
  it("opens with Ctrl+K, asks once typing pauses, and groups the results by kind", async () => {
    const user = userEvent.setup();
    const { searches } = renderLauncher();
    await user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByPlaceholderText("E-mail, id, referral code or transaction id");
    expect(
      screen.getByText("Type an e-mail, an id, a referral code or a transaction id"),
    ).toBeInTheDocument();

    await user.type(input, "ann");
    await screen.findByText("ann@example.com");
    expect(searches().map((call) => call.url)).toEqual(["/api/search?q=ann"]);
    const group = (name: string) => within(screen.getByRole("group", { name }));
    expect(group("Users").getByText("ann@example.com")).toBeInTheDocument();
    expect(group("Users").getByText("KEY1")).toBeInTheDocument();
    expect(group("Redeems").getByText("ann.pay@example.com")).toBeInTheDocument();
    expect(group("Redeems").getByText("PayPal $5")).toBeInTheDocument();
    expect(group("Offers").getByText("TX-1")).toBeInTheDocument();
  });

  it("opens from the header's button and leads to the chosen user's details", async () => {
    const user = userEvent.setup();
    const { router } = renderLauncher();
    await user.click(screen.getByRole("button", { name: /^Search/ }));
    await user.type(await screen.findByPlaceholderText(/e-mail, id/i), "ann");
    await user.click(await screen.findByText("ann@example.com"));
    await screen.findByText("User details page");
    expect(router.state.location.pathname).toBe(`/dash/customers/${userId}/details`);
  });

  it("leads to a redeem's and an offer's details", async () => {
    const user = userEvent.setup();
    const { router } = renderLauncher();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByPlaceholderText(/e-mail, id/i), "tx");
    await user.click(await screen.findByText("TX-1"));
    await screen.findByText("Offer details page");
    expect(router.state.location.pathname).toBe(`/dash/offers/${offerId}/details`);

    await router.navigate("/");
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByPlaceholderText(/e-mail, id/i), "ann.pay");
    await user.click(await screen.findByText("ann.pay@example.com"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dash/redeems/${redeemId}/details`));
  });

  it("says when nothing is found and asks nothing for blank text", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ({ body: { results: [] } }));
    renderWithProviders(<SearchLauncher />);
    await user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByPlaceholderText(/e-mail, id/i);
    await user.type(input, "   ");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((call) => call.url.startsWith("/api/search"))).toEqual([]);
    await user.type(input, "zzz");
    await screen.findByText("Nothing found");
    expect(calls.map((call) => call.url)).toEqual(["/api/search?q=zzz"]);
  });
});
