import { messages } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { owner } from "../../../test/app";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";
import { TwoFactorCard } from "./two-factor-card";

const setup = {
  secret: "JBSWY3DPEHPK3PXP",
  otpauthUrl: "otpauth://totp/Rewards:ann%40example.com?secret=JBSWY3DPEHPK3PXP",
};
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-aaaaa-bbbbb`);

function renderCard(answer: (call: FetchCall) => { status?: number; body?: unknown }, mfaEnabled = false) {
  useAuthStore.setState({ authToken: "jwt-1", user: { ...owner, mfaEnabled } });
  const calls = stubFetch(answer);
  // Strict mode runs effects twice, as in development: the set-up must still ask for one secret only.
  renderWithProviders(
    <StrictMode>
      <TwoFactorCard />
    </StrictMode>,
  );
  return calls;
}

const enrolAnswer = ({ url, body }: FetchCall) => {
  if (url === "/api/profile/mfa/setup") return { body: setup };
  if (url === "/api/profile/mfa/enable") {
    return (body as { code: string }).code === "654321"
      ? { body: { recoveryCodes } }
      : { status: 400, body: errorBody(400, messages.mfaCodeWrong) };
  }
  return { body: { ...owner, mfaEnabled: true } };
};

describe("two-factor set-up dialog", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("shows the QR code and the key, turns on with a first code, then shows the recovery codes once", async () => {
    const calls = renderCard(enrolAnswer);
    const user = userEvent.setup();
    expect(screen.getByText("Off")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Set up" }));

    const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
    expect(await within(dialog).findByRole("img", { name: /QR code/ })).toBeInTheDocument();
    expect(within(dialog).getByTestId("mfa-secret")).toHaveTextContent(setup.secret);
    expect(within(dialog).getByRole("button", { name: "Copy the key" })).toBeInTheDocument();
    // One secret per opening, even with React's double effects.
    expect(calls.filter((call) => call.url === "/api/profile/mfa/setup")).toHaveLength(1);

    // A wrong first code: the server's message on the field, still off.
    await user.type(within(dialog).getByLabelText(/Code from the app/), "111111");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(await within(dialog).findByText(messages.mfaCodeWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Code from the app/));
    await user.type(within(dialog).getByLabelText(/Code from the app/), "654321");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));

    const list = await within(dialog).findByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    // Shown only this once: the dialog cannot be closed by accident now.
    expect(within(dialog).queryByRole("button", { name: "Close dialog" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    const download = within(dialog).getByRole("link", { name: "Download .txt" });
    expect(download).toHaveAttribute("download", "rewards-admin-recovery-codes.txt");
    const file = decodeURIComponent(
      download.getAttribute("href")?.replace(/^data:text\/plain;charset=utf-8,/, "") ?? "",
    );
    for (const code of recoveryCodes) expect(file).toContain(code);
    expect(file).toContain("ann@example.com");
    expect(within(dialog).getByRole("button", { name: "Copy codes" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "I have saved them" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(useAuthStore.getState().user?.mfaEnabled).toBe(true);
    expect(await screen.findByText("On")).toBeInTheDocument();
    expect(calls.filter((call) => call.url === "/api/profile/mfa/enable").at(-1)?.body).toEqual({
      code: "654321",
    });
  });

  it("cancelling before the first code leaves two-factor sign-in off", async () => {
    const calls = renderCard(enrolAnswer);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Set up" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByTestId("mfa-secret");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === "/api/profile/mfa/enable")).toBe(false);
    expect(useAuthStore.getState().user?.mfaEnabled).toBe(false);
  });

  it("turning off asks for a code, and shows a wrong one's message", async () => {
    const calls = renderCard(({ url, body }) => {
      if (url === "/api/profile/mfa/disable") {
        return (body as { code: string }).code === "abcde-fghij-klmno"
          ? { body: { message: messages.mfaDisabled } }
          : { status: 400, body: errorBody(400, messages.mfaCodeWrong) };
      }
      return { body: { ...owner, mfaEnabled: false } };
    }, true);
    const user = userEvent.setup();
    expect(screen.getByText("On")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication" });
    await user.type(within(dialog).getByLabelText("Authentication code"), "999999");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByText(messages.mfaCodeWrong)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Use a recovery code" }));
    await user.type(within(dialog).getByLabelText("Recovery code"), "abcde-fghij-klmno");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url === "/api/profile/mfa/disable").at(-1)?.body).toEqual({
      code: "abcde-fghij-klmno",
    });
    // The profile is asked again, and says it is off.
    expect(await screen.findByText("Off")).toBeInTheDocument();
  });
});
