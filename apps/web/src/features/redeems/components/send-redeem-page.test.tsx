import { notifications } from "@mantine/notifications";
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { redeem, redeemDetails, redeemId } from "../../../test/fixtures/redeems";
import { errorBody, type FetchCall } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const sendUrl = `/api/redeem/sendReward/${redeemId(1)}`;
const listAnswer = { body: { totalCount: 1, entities: [redeem(1)] } };

function answerWith(
  put: (call: FetchCall) => { status?: number; body?: unknown },
  details = redeemDetails(1),
) {
  return (call: FetchCall) => {
    if (call.method === "PUT") return put(call);
    if (call.url === `/api/redeem/${redeemId(1)}`) return { body: details };
    return listAnswer;
  };
}

/** A redeem whose reward item is paid by hand or from its code stock (the details answer says which). */
const answerForItem = (
  fulfilment: "manual" | "inventory",
  put: (call: FetchCall) => { status?: number; body?: unknown },
) => answerWith(put, redeemDetails(1, { fulfilment }));

async function openSendPage(answer: (call: FetchCall) => { status?: number; body?: unknown }) {
  const view = renderApp(`/dash/redeems/${redeemId(1)}/edit`, answer);
  expect(
    await screen.findByRole("heading", { name: "Send Redeem to receiver1@example.com" }),
  ).toBeInTheDocument();
  // The editor is a chunk of its own: wait for its toolbar.
  await screen.findByRole("button", { name: "Bold" });
  return view;
}

describe("Send Redeem page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Notifications live in a global store: one test's must not be found by the next.
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("fills the form from the redeem, sends it, and goes back to the list", async () => {
    const { calls, router } = await openSendPage(
      answerWith(() => ({ body: redeemDetails(1, { status: 1, code: "GIFT-1" }) })),
    );
    expect(screen.getByLabelText(/Reward Name/)).toHaveValue("Amazon");
    expect(screen.getByLabelText(/Receiver Email/)).toHaveValue("receiver1@example.com");
    expect(screen.getByLabelText(/Subject/)).toHaveValue("Your Amazon is here");
    expect(screen.getByLabelText("Extra Info")).toHaveValue("US store only");
    expect(screen.getByLabelText("Extra Info")).toHaveAttribute("readonly");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dash/redeems"));
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: sendUrl,
      body: {
        code: "GIFT-1",
        rewardName: "Amazon",
        redeemEmail: "receiver1@example.com",
        subject: "Your Amazon is here",
        text: "<p>Thank you for using our app! Your reward is below.</p>",
      },
    });
    expect(await screen.findByText("Reward sent to receiver1@example.com")).toBeInTheDocument();
  });

  it("starts from the app's e-mail in the user's language, and says which language it is", async () => {
    const german = redeemDetails(1, {
      user: { ...redeemDetails(1).user, language: "de" },
      mailDraft: {
        language: "de",
        subject: "Ihre Prämie Amazon ist da",
        text: "<p>Vielen Dank, dass Sie unsere App nutzen!</p>",
      },
    });
    const { calls } = await openSendPage(answerWith(() => ({ body: german }), german));
    expect(screen.getByLabelText(/Subject/)).toHaveValue("Ihre Prämie Amazon ist da");
    expect(screen.getByText("Vielen Dank, dass Sie unsere App nutzen!")).toBeInTheDocument();
    expect(screen.getByTestId("mail-language")).toHaveTextContent("E-mail language: Deutsch (the user's)");

    await userEvent.type(screen.getByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    await waitFor(() => expect(calls().some((call) => call.method === "PUT")).toBe(true));
    expect(calls().find((call) => call.method === "PUT")?.body).toMatchObject({
      subject: "Ihre Prämie Amazon ist da",
      text: "<p>Vielen Dank, dass Sie unsere App nutzen!</p>",
    });
  });

  it("keeps a redeem's own subject and text, and names the app's language for a user without one", async () => {
    const saved = redeemDetails(1, { subject: "Saved subject", text: "<p>Saved text</p>" });
    await openSendPage(answerWith(() => ({ body: saved }), saved));
    expect(screen.getByLabelText(/Subject/)).toHaveValue("Saved subject");
    expect(screen.getByText("Saved text")).toBeInTheDocument();
    expect(screen.getByTestId("mail-language")).toHaveTextContent(
      "E-mail language: English (the app's default)",
    );
  });

  it("checks the form with the contract's rules before sending", async () => {
    // A manual item: the code is required before anything is sent, with the server's message.
    const { calls } = await openSendPage(answerForItem("manual", () => ({ body: {} })));
    await userEvent.clear(screen.getByLabelText(/Receiver Email/));
    await userEvent.type(screen.getByLabelText(/Receiver Email/), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    expect(await screen.findByText("Gift Card Code is required")).toBeInTheDocument();
    expect(screen.getByText("Wrong Email format")).toBeInTheDocument();
    expect(calls().some((call) => call.method === "PUT")).toBe(false);
  });

  it("goes back to the list with its filters when the list opened it", async () => {
    const { router } = renderApp(
      "/dash/redeems?status=0",
      answerWith(() => ({ body: {} })),
    );
    await userEvent.click(await screen.findByRole("link", { name: "Pay Reward" }));
    await screen.findByRole("heading", { name: "Send Redeem to receiver1@example.com" });
    await userEvent.click(screen.getByRole("link", { name: "Back" }));
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: "/dash/redeems", search: "?status=0" }),
    );
  });

  it("puts a 400's field errors on their fields", async () => {
    const { router } = await openSendPage(
      answerWith(() => ({
        status: 400,
        body: errorBody(400, "Validation failed", { subject: "Required field" }),
      })),
    );
    await userEvent.type(screen.getByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    expect(await screen.findByText("Required field")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dash/redeems/${redeemId(1)}/edit`);
  });

  it("says where to set up Mailgun when mail sending is not configured", async () => {
    await openSendPage(
      answerWith(() => ({ status: 400, body: errorBody(400, "Mail sending is not configured") })),
    );
    await userEvent.type(screen.getByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    expect(await screen.findByText("Can't update redeem")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "App Setting → Mailgun" })).toHaveAttribute(
      "href",
      "/dash/setting",
    );
  });

  it("shows a 409's message, and the redeem as already sent", async () => {
    let details = redeemDetails(1);
    const { calls } = await openSendPage((call) => {
      if (call.method === "PUT") {
        details = redeemDetails(1, { status: 1, code: "OTHER" });
        return { status: 409, body: errorBody(409, "This redeem has already been sent") };
      }
      if (call.url === `/api/redeem/${redeemId(1)}`) return { body: details };
      return listAnswer;
    });
    await userEvent.type(screen.getByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    expect(await screen.findByText("This redeem has already been sent")).toBeInTheDocument();
    expect(screen.getByText("Can't update redeem")).toBeInTheDocument();
    expect(await screen.findByText("Already sent")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeDisabled();
    expect(calls().filter((call) => call.method === "PUT")).toHaveLength(1);
  });

  it("disables Send for a redeem that is already Sent", async () => {
    await openSendPage(answerWith(() => ({ body: {} }), redeemDetails(1, { status: 1, code: "••••IFT9" })));
    expect(screen.getByText("Already sent")).toBeInTheDocument();
    // The answer's code is masked: shown as what was sent, never put back into the field.
    expect(screen.getByText("Sent: ••••IFT9")).toBeInTheDocument();
    expect(screen.getByLabelText(/Gift Card Code/)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeDisabled();
  });

  it("pays an item from its code stock without a code field", async () => {
    const { calls, router } = await openSendPage(
      answerForItem("inventory", () => ({ body: redeemDetails(1, { status: 1, code: "••••7QX2" }) })),
    );
    expect(screen.getByText("A code from the item's stock will be sent")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Gift Card Code/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dash/redeems"));
    const put = calls().find((call) => call.method === "PUT");
    expect(put?.url).toBe(sendUrl);
    expect(put?.body).not.toHaveProperty("code");
  });

  it("shows Out of stock as the form's error and stays on the page", async () => {
    const { router } = await openSendPage(
      answerForItem("inventory", () => ({ status: 409, body: errorBody(409, "Out of stock") })),
    );
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    expect(await screen.findByText("Out of stock")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeEnabled();
    expect(router.state.location.pathname).toBe(`/dash/redeems/${redeemId(1)}/edit`);
  });
});
