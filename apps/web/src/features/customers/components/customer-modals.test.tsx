import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { errorBody, type FetchCall } from "../../../test/render";
import { customer, customerDetails, customerId } from "../test/fixtures";

const listAnswer = { body: { totalCount: 1, entities: [customer(1)] } };
const isList = (call: FetchCall) => call.url === "/api/users?group=false";

function answerWith(put: (call: FetchCall) => { status?: number; body?: unknown }) {
  return (call: FetchCall) => {
    if (call.method === "PUT") return put(call);
    if (call.url === `/api/users/${customerId(1)}`) return { body: customer(1) };
    if (call.url === `/api/users/details/${customerId(1)}`) return { body: customerDetails(1) };
    return listAnswer;
  };
}

describe("User modals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("edits a user from the list, keeping provision, and keeps the list's query on closing", async () => {
    const { calls, router } = renderApp(
      "/dash/customers?status=3",
      answerWith(({ body }) => ({ body: { ...customer(1), ...(body as object) } })),
    );
    await screen.findByText("user1@example.com");
    await userEvent.click(screen.getByRole("link", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(router.state.location).toMatchObject({
      pathname: `/dash/customers/${customerId(1)}/edit`,
      search: "?status=3",
    });
    const shareKey = await dialog.findByLabelText(/Shared Key/);
    expect(shareKey).toHaveValue("KEY1");
    await userEvent.clear(shareKey);
    await userEvent.type(shareKey, "NEW1");
    await userEvent.click(dialog.getByRole("switch", { name: /Verified/ }));
    const credit = dialog.getByLabelText(/Credit/);
    await userEvent.clear(credit);
    await userEvent.type(credit, "150");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: `/api/users/${customerId(1)}`,
      body: { referCode: "NEW1", provision: 25, points: 150, isVerfied: true },
    });
    expect(router.state.location).toMatchObject({ pathname: "/dash/customers", search: "?status=3" });
    await waitFor(() => expect(calls().filter(isList)).toHaveLength(2));
  });

  it("checks the form with the contract's rules before sending", async () => {
    const { calls } = renderApp(
      `/dash/customers/${customerId(1)}/edit`,
      answerWith(() => ({})),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    const shareKey = await dialog.findByLabelText(/Shared Key/);
    await userEvent.clear(shareKey);
    await userEvent.type(shareKey, "TOOLONG");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Maximum 6 symbols")).toBeInTheDocument();
    expect(calls().some((call) => call.method === "PUT")).toBe(false);
  });

  it("opened by URL, shows a taken Share Key (409) on its field", async () => {
    renderApp(
      `/dash/customers/${customerId(1)}/edit`,
      answerWith(() => ({
        status: 409,
        body: errorBody(409, "Conflict", { referCode: "This Share Key is already used by another user" }),
      })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await dialog.findByLabelText(/Shared Key/);
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("This Share Key is already used by another user")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit User" })).toBeInTheDocument();
  });

  it("reports any other failed save as SPEC 8's message with the server's", async () => {
    renderApp(
      `/dash/customers/${customerId(1)}/edit`,
      answerWith(() => ({ status: 404, body: errorBody(404, "Not found") })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await dialog.findByLabelText(/Shared Key/);
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Can't update customer")).toBeInTheDocument();
  });

  it("shows a user's details, opened by URL", async () => {
    renderApp(
      `/dash/customers/${customerId(1)}/details`,
      answerWith(() => ({})),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("250 points")).toBeInTheDocument();
    expect(dialog.getByText("Network Size").nextSibling).toHaveTextContent("4");
    expect(dialog.getByText("10.0.0.1", { selector: "div" })).toBeInTheDocument();
    expect(dialog.getByRole("link", { name: "boss@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${customerId(9)}/details`,
    );
    expect(dialog.getByText("Play Solitaire")).toBeInTheDocument();
    expect(dialog.getByText("ADGATEOW")).toBeInTheDocument();
    expect(dialog.getByText("$1.23")).toBeInTheDocument();
    expect(dialog.getByText("Pixel 8")).toBeInTheDocument();
    expect(dialog.getByText(/"browser": "Chrome"/)).toBeInTheDocument();
  });

  it("reports details that cannot be loaded", async () => {
    renderApp(`/dash/customers/${customerId(1)}/details`, (call) =>
      call.url.startsWith("/api/users/details/")
        ? { status: 404, body: errorBody(404, "Not found") }
        : listAnswer,
    );
    expect((await screen.findAllByText("Can't load customer details")).length).toBeGreaterThan(0);
  });
});
