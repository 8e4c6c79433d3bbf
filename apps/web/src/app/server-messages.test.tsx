import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RoleForbidden } from "../components/role-forbidden";
import { PayoutsPausedAlert } from "../features/redeems/components/payouts-paused-alert";
import { showLanguage } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { AppProvider } from "./provider";

describe("a server message on a screen", () => {
  afterEach(() => showLanguage("en"));

  it("is in the language shown, not the contract's English", async () => {
    await showLanguage("de");
    render(
      <AppProvider queryClient={createQueryClient()} env="test">
        <MemoryRouter>
          <RoleForbidden />
          <PayoutsPausedAlert paused />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByText("Ihre Rolle erlaubt dies nicht")).toBeInTheDocument();
    expect(screen.getByText(/^Auszahlungen sind für diese App pausiert/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain("Your role does not allow this");
  });
});
