import { messages, type Profile } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../lib/auth-store";
import { routes } from "../../router";
import { owner } from "../../test/app";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../test/render";

const unenrolled = {
  ...owner,
  role: "admin" as const,
  installationOwner: false,
  mfaRequired: true,
  mfaEnabled: false,
};
const setup = {
  secret: "JBSWY3DPEHPK3PXP",
  otpauthUrl: "otpauth://totp/Rewards:ann?secret=JBSWY3DPEHPK3PXP",
};
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-aaaaa-bbbbb`);

function renderAt(
  url: string,
  user: Profile,
  answer: (call: FetchCall) => { status?: number; body?: unknown },
) {
  useAuthStore.setState({ authToken: "jwt-1", user });
  const calls = stubFetch((call) => (call.url === "/api/profile/me" ? { body: user } : answer(call)));
  return { ...renderWithProviders(null, { routes, initialEntries: [url] }), calls };
}

describe("required two-factor sign-in: enrolment first", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("keeps an administrator without it on the enrolment screen, whatever the address", async () => {
    const { router, calls } = renderAt("/dash/customers", unenrolled, ({ url }) =>
      url === "/api/profile/mfa/setup"
        ? { body: setup }
        : { status: 403, body: errorBody(403, "unexpected") },
    );
    expect(
      await screen.findByRole("heading", { name: "Set up two-factor authentication" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/security/two-factor");
    // Nothing of the dashboard is there: no menu, only the way out.
    expect(screen.queryByRole("button", { name: /User menu$/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign out" })).toHaveAttribute("href", "/logout");
    await screen.findByTestId("mfa-secret");
    expect(calls.every((call) => ["/api/profile/me", "/api/profile/mfa/setup"].includes(call.url))).toBe(
      true,
    );

    await router.navigate("/dash/admins");
    await waitFor(() => expect(router.state.location.pathname).toBe("/security/two-factor"));
  });

  it("lets the administrator in once it is on and the recovery codes are saved", async () => {
    let enabled = false;
    const user = userEvent.setup();
    const { router } = renderAt("/dashboard", unenrolled, ({ url }) => {
      if (url === "/api/profile/mfa/setup") return { body: setup };
      if (url === "/api/profile/mfa/enable") {
        enabled = true;
        return { body: { recoveryCodes } };
      }
      return { body: {} };
    });
    await user.type(await screen.findByLabelText(/Code from the app/), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    // The codes show before anything else, even though two-factor sign-in is on now.
    expect(await screen.findByText(recoveryCodes[9] ?? "")).toBeInTheDocument();
    expect(enabled).toBe(true);
    expect(router.state.location.pathname).toBe("/security/two-factor");
    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(useAuthStore.getState().user?.mfaEnabled).toBe(true);
  });

  it("goes to enrolment when any call answers that two-factor sign-in is required", async () => {
    // The stored profile predates the owner's switch; the server's answer is what counts.
    const { router } = renderAt("/dash/customers", owner, ({ url }) =>
      url === "/api/profile/mfa/setup"
        ? { body: setup }
        : { status: 403, body: errorBody(403, messages.mfaEnrolmentRequired) },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/security/two-factor"));
    expect(await screen.findByTestId("mfa-secret")).toHaveTextContent(setup.secret);
  });

  it("sends an administrator who does not need it away from the enrolment screen", async () => {
    const { router } = renderAt("/security/two-factor", owner, () => ({ body: {} }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });
});
