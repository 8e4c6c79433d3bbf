import type { SavedView } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSearchParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../lib/auth-store";
import { signInAs } from "../../test/members";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../test/render";
import { SavedViews, sameState, viewStateOf } from "./saved-views";

const viewId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, "0")}`;

const view = (n: number, name: string, state: Record<string, string>, extra: Partial<SavedView> = {}) => ({
  _id: viewId(n),
  list: "redeems" as const,
  name,
  shared: false,
  state,
  ownerId: "u1",
  mine: true,
  createdAt: "2026-11-25T10:00:00.000Z",
  ...extra,
});

const pending = view(1, "Pending", { status: "0", sortField: "redeemDate", sortOrder: "asc" });
const team = view(2, "Team paid", { status: "1" }, { shared: true, mine: false, ownerId: "u2" });
const theirs = view(3, "Admin's", { status: "2" }, { shared: true, mine: false, ownerId: "u2" });

/** Shows the URL's query string, so a test can see what a tab did to it. */
function Screen() {
  const [params] = useSearchParams();
  return (
    <>
      <SavedViews list="redeems" />
      <output aria-label="search">{params.toString()}</output>
    </>
  );
}

function serve(
  views: SavedView[],
  onCall: (call: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return stubFetch((call) => onCall(call) ?? (call.method === "GET" ? { body: { views } } : { status: 500 }));
}

const search = () => screen.getByLabelText("search").textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

describe("viewStateOf and sameState", () => {
  it("leaves the page out and compares in any order", () => {
    const state = viewStateOf(new URLSearchParams("page=3&status=0&sortField=redeemDate"));
    expect(state).toEqual({ status: "0", sortField: "redeemDate" });
    expect(sameState(state, { sortField: "redeemDate", status: "0" })).toBe(true);
    expect(sameState(state, { status: "0" })).toBe(false);
    expect(sameState({ status: "0" }, { status: "1" })).toBe(false);
  });
});

describe("SavedViews", () => {
  it("lists All then each view, marks the shared ones, and activates the tab of the URL's state", async () => {
    signInAs("owner");
    const calls = serve([pending, team]);
    renderWithProviders(<Screen />, {
      initialEntries: ["/?sortOrder=asc&status=0&sortField=redeemDate&page=2"],
    });
    const tab = await screen.findByRole("tab", { name: /Pending/ });
    expect(calls[0]?.url).toBe("/api/views?list=redeems");
    const tabs = screen.getAllByRole("tab").map((element) => element.textContent);
    expect(tabs).toEqual(["All", "Pending", "Team paid"]);
    expect(tab).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: /All/ })).toHaveAttribute("aria-selected", "false");
    expect(
      within(screen.getByRole("tab", { name: /Team paid/ })).getByLabelText("Shared with the team"),
    ).toBeTruthy();
  });

  it("replaces the URL's search params with a view's state, and All clears them", async () => {
    signInAs("viewer");
    serve([pending, team]);
    renderWithProviders(<Screen />, { initialEntries: ["/?searchIn=email&search=ann&page=4"] });
    expect(screen.getAllByRole("tab").every((tab) => tab.getAttribute("aria-selected") === "false")).toBe(
      true,
    );
    await userEvent.click(await screen.findByRole("tab", { name: /Team paid/ }));
    expect(search()).toBe("status=1");
    expect(screen.getByRole("tab", { name: /Team paid/ })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(screen.getByRole("tab", { name: /All/ }));
    expect(search()).toBe("");
    expect(screen.getByRole("tab", { name: /All/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "Save view" })).toBeDisabled();
  });

  it("saves the URL's state (without the page) under a name, shared when an owner asks", async () => {
    signInAs("owner");
    const saved = view(4, "Mine", { status: "0" }, { shared: true });
    let views: SavedView[] = [pending];
    const calls = serve([], (call) => {
      if (call.method === "POST") {
        views = [...views, saved];
        return { status: 201, body: saved };
      }
      if (call.method === "GET") return { body: { views } };
      return undefined;
    });
    renderWithProviders(<Screen />, { initialEntries: ["/?status=0&page=3"] });
    await userEvent.click(await screen.findByRole("button", { name: "Save view" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Name/), "  Mine ");
    await userEvent.click(within(dialog).getByLabelText(/Share with the team/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = calls.find((call) => call.method === "POST");
    expect(post?.url).toBe("/api/views");
    expect(post?.body).toEqual({ list: "redeems", name: "Mine", shared: true, state: { status: "0" } });
    expect(await screen.findByRole("tab", { name: /Mine/ })).toBeTruthy();
  });

  it("hides the share switch from roles that may not share, and shows a duplicate name's error", async () => {
    signInAs("support");
    serve([], (call) =>
      call.method === "POST"
        ? { status: 409, body: errorBody(409, 'You already have a view named "Pending" for this list') }
        : undefined,
    );
    renderWithProviders(<Screen />, { initialEntries: ["/?status=0"] });
    await userEvent.click(await screen.findByRole("button", { name: "Save view" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText(/Share with the team/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Give the view a name")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Pending");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/already have a view named "Pending"/)).toBeTruthy();
  });

  it("deletes a view after a confirmation; offers no delete of a shared view to a viewer", async () => {
    signInAs("viewer");
    let views: SavedView[] = [pending, theirs];
    const calls = serve([], (call) => {
      if (call.method === "DELETE") {
        views = views.filter((v) => !call.url.endsWith(v._id));
        return { status: 204 };
      }
      if (call.method === "GET") return { body: { views } };
      return undefined;
    });
    renderWithProviders(<Screen />);
    await screen.findByRole("tab", { name: /Pending/ });
    expect(screen.queryByRole("button", { name: "Delete view Admin's" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Delete view Pending" }));
    // Asking does not open the tab.
    expect(search()).toBe("");
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("tab", { name: /Pending/ })).toBeNull());
    expect(calls.find((call) => call.method === "DELETE")?.url).toBe(`/api/views/${pending._id}`);
  });
});
