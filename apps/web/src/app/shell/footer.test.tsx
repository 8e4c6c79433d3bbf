import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { showLanguage } from "../../lib/i18n";
import { showTimeZone } from "../../lib/language";
import { createQueryClient } from "../../lib/query-client";
import { AppProvider } from "../provider";
import { Footer } from "./footer";

describe("the footer", () => {
  afterEach(async () => {
    showTimeZone("UTC");
    await showLanguage("en");
  });

  it("writes the year as a year in every language, and names the app's time zone", async () => {
    await showLanguage("de");
    showTimeZone("Europe/Berlin");
    render(
      <AppProvider queryClient={createQueryClient()} env="test">
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </AppProvider>,
    );
    const year = String(new Date().getFullYear());
    expect(screen.getByText(new RegExp(`^© ${year} `))).toBeInTheDocument();
    expect(screen.getByText("Uhrzeiten in Europe/Berlin")).toBeInTheDocument();
  });
});
