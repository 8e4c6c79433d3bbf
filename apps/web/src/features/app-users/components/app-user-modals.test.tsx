import { messages } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { appUser, appUserDetails, appUserId } from "../../../test/fixtures/app-users";
import { memberAs, supportAllowance } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

const listAnswer = { body: { totalCount: 1, entities: [appUser(1)] } };
const isList = (call: FetchCall) => call.url === "/api/users?group=false";

function answerWith(put: (call: FetchCall) => { status?: number; body?: unknown }) {
  return (call: FetchCall) => {
    if (call.method === "PUT") return put(call);
    if (call.url === `/api/users/${appUserId(1)}`) return { body: appUser(1) };
    if (call.url === `/api/users/details/${appUserId(1)}`) return { body: appUserDetails(1) };
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
      answerWith(({ body }) => ({ body: { ...appUser(1), ...(body as object) } })),
    );
    await screen.findByText("user1@example.com");
    await userEvent.click(screen.getByRole("link", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(router.state.location).toMatchObject({
      pathname: `/dash/customers/${appUserId(1)}/edit`,
      search: "?status=3",
    });
    const shareKey = await dialog.findByLabelText(/Shared Key/);
    expect(shareKey).toHaveValue("KEY1");
    await userEvent.clear(shareKey);
    await userEvent.type(shareKey, "NEW1");
    await userEvent.click(dialog.getByRole("switch", { name: /Verified/ }));
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // No adjustment: the balance is not in the body at all, so a stale form cannot write it back.
    const put = calls().find((call) => call.method === "PUT");
    expect(put).toMatchObject({
      url: `/api/users/${appUserId(1)}`,
      body: { referCode: "NEW1", provision: 25, isVerfied: true, pointsDelta: 0, pointsReason: "" },
    });
    expect(put?.body).not.toHaveProperty("points");
    expect(router.state.location).toMatchObject({ pathname: "/dash/customers", search: "?status=3" });
    await waitFor(() => expect(calls().filter(isList)).toHaveLength(2));
  });

  it("shows the balance read-only and adjusts it by a signed amount with a required reason", async () => {
    const { calls } = renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
      answerWith(({ body }) => ({ body: { ...appUser(1), ...(body as object) } })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    const balance = await dialog.findByLabelText("Balance");
    expect(balance).toHaveValue("100 points");
    expect(balance).toHaveAttribute("readonly");
    expect(dialog.queryByLabelText(/Reason/)).not.toBeInTheDocument();

    const adjust = dialog.getByLabelText("Adjust points");
    await userEvent.clear(adjust);
    await userEvent.type(adjust, "-40");
    expect(dialog.getByText(/Balance after saving: 60 points/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText("Say why the points change")).toBeInTheDocument();
    expect(calls().some((call) => call.method === "PUT")).toBe(false);

    await userEvent.type(dialog.getByLabelText(/Reason/), "Reversed survey");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = calls().find((call) => call.method === "PUT");
    expect(put?.body).toEqual({
      referCode: "KEY1",
      provision: 25,
      isVerfied: appUser(1).isVerfied,
      pointsDelta: -40,
      pointsReason: "Reversed survey",
    });
  });

  it("shows a refused adjustment (409) on its field", async () => {
    const message = "This change would leave the user with a negative balance (they have 100 points)";
    renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
      answerWith(() => ({ status: 409, body: errorBody(409, message, { pointsDelta: message }) })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    const adjust = await dialog.findByLabelText("Adjust points");
    await userEvent.clear(adjust);
    await userEvent.type(adjust, "-500");
    await userEvent.type(dialog.getByLabelText(/Reason/), "Fraud");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit User" })).toBeInTheDocument();
  });

  it("tells a support agent how many points they may still adjust, and shows the limit's refusal on the field", async () => {
    const message = messages.adjustmentOverLimit(supportAllowance, supportAllowance);
    const { calls } = renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
      answerWith(() => ({ status: 409, body: errorBody(409, message) })),
      memberAs("support"),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(
      await dialog.findByText(
        `You can adjust up to ${supportAllowance.toLocaleString("en-US")} more points in the next 24 hours`,
      ),
    ).toBeInTheDocument();
    const adjust = dialog.getByLabelText("Adjust points");
    await userEvent.clear(adjust);
    await userEvent.type(adjust, "5000");
    await userEvent.type(dialog.getByLabelText(/Reason/), "Goodwill");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    // The server's English, shown by its code with the numbers grouped in the language shown.
    expect(
      await dialog.findByText("Support can adjust at most 1,000 points in 24 hours; 1,000 are left"),
    ).toBeInTheDocument();
    expect(adjust).toHaveAttribute("aria-invalid", "true");
    expect(calls().find((call) => call.method === "PUT")?.body).toMatchObject({ pointsDelta: 5000 });
  });

  it("shows no allowance to a role without a limit", async () => {
    renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
      answerWith(() => ({})),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await dialog.findByLabelText("Adjust points");
    expect(dialog.queryByText(/You can adjust up to/)).not.toBeInTheDocument();
  });

  it("checks the form with the contract's rules before sending", async () => {
    const { calls } = renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
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
      `/dash/customers/${appUserId(1)}/edit`,
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

  it("reports any other failed save as the action's message with the server's", async () => {
    renderApp(
      `/dash/customers/${appUserId(1)}/edit`,
      answerWith(() => ({ status: 404, body: errorBody(404, "Not found") })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await dialog.findByLabelText(/Shared Key/);
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Can't update customer")).toBeInTheDocument();
  });

  it("shows a user's details, opened by URL", async () => {
    renderApp(
      `/dash/customers/${appUserId(1)}/details`,
      answerWith(() => ({})),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("250 points")).toBeInTheDocument();
    expect(dialog.getByText("Network Size").nextSibling).toHaveTextContent("4");
    expect(dialog.getByText("10.0.0.1", { selector: "div" })).toBeInTheDocument();
    expect(dialog.getByRole("link", { name: "boss@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${appUserId(9)}/details`,
    );
    expect(dialog.getByText("Play Solitaire")).toBeInTheDocument();
    expect(dialog.getByText("ADGATEOW")).toBeInTheDocument();
    expect(dialog.getByText("$1.23")).toBeInTheDocument();
    expect(dialog.getByText("Pixel 8")).toBeInTheDocument();
    expect(dialog.getByText(/"browser": "Chrome"/)).toBeInTheDocument();
    // The app sent no locale we speak: the user's e-mails are in the app's default language.
    expect(dialog.getByText("E-mail language").nextSibling).toHaveTextContent("App default");
  });

  it("reports details that cannot be loaded", async () => {
    renderApp(`/dash/customers/${appUserId(1)}/details`, (call) =>
      call.url.startsWith("/api/users/details/")
        ? { status: 404, body: errorBody(404, "Not found") }
        : listAnswer,
    );
    expect((await screen.findAllByText("Can't load customer details")).length).toBeGreaterThan(0);
  });
});

describe("User details: fraud signals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  const risky = appUserDetails(1, {
    riskReasons: ["vpn", "linked_visitor", "linked_ip"],
    linkedAccounts: [
      { _id: appUserId(2), username: "twin@example.com", via: "visitor" },
      { _id: appUserId(3), username: "neighbour@example.com", via: "ip" },
    ],
    signupScreening: {
      ip: "203.0.113.7",
      status: "screened",
      country: "NL",
      isVpn: true,
      isProxy: false,
      isTor: false,
      isDatacenter: true,
      isThreat: false,
      createdAt: "2026-01-02T10:00:00.000Z",
    },
  });

  const openDetails = (details: typeof risky) =>
    renderApp(`/dash/customers/${appUserId(1)}/details`, (call) =>
      call.url.startsWith("/api/users/details/") ? { body: details } : listAnswer,
    );

  it("shows the badge, each reason, the linked accounts as links, and the sign-up screening", async () => {
    const { router } = openDetails(risky);
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByRole("button", { name: /^Risky: VPN address; / })).toBeInTheDocument();
    expect(dialog.getByText("Fraud signals")).toBeInTheDocument();
    expect(dialog.getByText("VPN address")).toBeInTheDocument();
    expect(
      dialog.getByText("Shares a browser fingerprint (visitorId) with another account"),
    ).toBeInTheDocument();
    expect(dialog.getByText("Shares a sign-up IP with another account")).toBeInTheDocument();
    const twin = dialog.getByRole("link", { name: "twin@example.com" });
    expect(twin).toHaveAttribute("href", `/dash/customers/${appUserId(2)}/details`);
    expect(twin.nextSibling).toHaveTextContent("same visitor id");
    expect(dialog.getByRole("link", { name: "neighbour@example.com" }).nextSibling).toHaveTextContent(
      "same sign-up IP",
    );
    expect(dialog.getByText("203.0.113.7")).toBeInTheDocument();
    expect(dialog.getByText(/^Screened /)).toBeInTheDocument();
    expect(dialog.getByText("VPN")).toBeInTheDocument();
    expect(dialog.getByText("Data center")).toBeInTheDocument();
    expect(dialog.queryByText("Tor")).not.toBeInTheDocument();

    await userEvent.click(twin);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dash/customers/${appUserId(2)}/details`),
    );
  });

  it("says so when there is nothing: no reasons, no linked account, no screening", async () => {
    openDetails(appUserDetails(1));
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("No risk signals")).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: /Risky/ })).not.toBeInTheDocument();
    expect(
      dialog.getByText("No other account shares this user's visitor id, device ids or sign-up IP"),
    ).toBeInTheDocument();
    expect(dialog.getByText("No screening recorded")).toBeInTheDocument();
  });

  it("names the language of the user's e-mails", async () => {
    openDetails(appUserDetails(1, { language: "fr" }));
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect((await dialog.findByText("E-mail language")).nextSibling).toHaveTextContent("Français");
  });

  it("says when the IP-data service could not screen the sign-up", async () => {
    openDetails(
      appUserDetails(1, {
        riskReasons: ["unscreened"],
        signupScreening: {
          ip: "198.51.100.9",
          status: "unscreened",
          country: null,
          isVpn: false,
          isProxy: false,
          isTor: false,
          isDatacenter: false,
          isThreat: false,
          createdAt: "2026-01-02T10:00:00.000Z",
        },
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText(/^Not screened: the IP-data service was unavailable/)).toBeInTheDocument();
    expect(dialog.getByText("IP not screened (service unavailable)")).toBeInTheDocument();
  });
});
