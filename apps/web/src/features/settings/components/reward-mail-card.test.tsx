import { notifications } from "@mantine/notifications";
import { type Language, languages, type RewardMailTemplate } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";
import { RewardMailCard } from "./reward-mail-card";

const adminId = "0190f4b2-7c1e-7a3d-9f10-000000000001";
const url = (language: Language) => `/api/setting/rewardmail/${adminId}/${language}`;

const builtInSubjects: Record<Language, string> = {
  en: "Your {reward} is here",
  de: "Ihre Prämie {reward} ist da",
  es: "Aquí tiene su {reward}",
  fr: "Votre {reward} est arrivé",
  ja: "{reward} をお届けします",
  zh: "您的 {reward} 已到账",
};

const builtIn = (language: Language): RewardMailTemplate => ({
  language,
  subject: builtInSubjects[language],
  body: `<p>Built-in ${language}</p>`,
  custom: false,
  updatedAt: null,
});

const germanOwn: RewardMailTemplate = {
  language: "de",
  subject: "Hier ist {reward}",
  body: "<p>Eigener Text</p>",
  custom: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/**
 * The server's three calls over the six templates it holds: a save answers the saved template, a reset the
 * built-in one; `fail` answers a save instead, when given.
 */
function serveTemplates(
  start: RewardMailTemplate[],
  fail?: (call: FetchCall) => { status: number; body: unknown },
) {
  let templates = start;
  return stubFetch((call) => {
    if (call.method === "GET") return { body: { templates } };
    if (fail) return fail(call);
    const language = call.url.split("/").pop() as Language;
    const answer: RewardMailTemplate =
      call.method === "PUT"
        ? {
            language,
            ...(call.body as { subject: string; body: string }),
            custom: true,
            updatedAt: "2026-02-01",
          }
        : builtIn(language);
    templates = templates.map((template) => (template.language === language ? answer : template));
    return { body: answer };
  });
}

async function renderCard() {
  renderWithProviders(<RewardMailCard adminId={adminId} />);
  // The editor is a chunk of its own: wait for its toolbar.
  await screen.findByRole("button", { name: "Bold" });
}

const languageSelect = () => screen.getByLabelText("Language", { selector: "input" });

async function choose(name: string) {
  await userEvent.click(languageSelect());
  await userEvent.click(await screen.findByRole("option", { name }));
}

describe("RewardMailCard", () => {
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("loads the six languages and shows the one chosen, with whose text it is", async () => {
    const calls = serveTemplates(
      languages.map((language) => (language === "de" ? germanOwn : builtIn(language))),
    );
    await renderCard();
    expect(calls[0]).toMatchObject({ method: "GET", url: `/api/setting/rewardmail/${adminId}` });
    expect(languageSelect()).toHaveValue("English");
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Your {reward} is here");
    expect(screen.getByTestId("reward-mail-kind")).toHaveTextContent("Built-in text");
    expect(screen.getByRole("button", { name: "Use the built-in text" })).toBeDisabled();
    expect(screen.getByText(/\{reward\} is replaced by the reward's name/)).toBeInTheDocument();

    await userEvent.click(languageSelect());
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "English",
      "Deutsch",
      "Español",
      "Français",
      "日本語",
      "中文",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Deutsch" }));
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Hier ist {reward}");
    expect(screen.getByTestId("reward-mail-kind")).toHaveTextContent("Your own text");
    expect(await screen.findByText("Eigener Text")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use the built-in text" })).toBeEnabled();

    await choose("日本語");
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("{reward} をお届けします");
    expect(await screen.findByText("Built-in ja")).toBeInTheDocument();
  });

  it("saves a language's template with the language in the path", async () => {
    const calls = serveTemplates(languages.map(builtIn));
    await renderCard();
    await choose("Français");
    const subject = screen.getByLabelText(/^Subject/);
    await userEvent.clear(subject);
    await userEvent.type(subject, "Voici {{reward}");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      url: url("fr"),
      body: { subject: "Voici {reward}", body: "<p>Built-in fr</p>" },
    });
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(screen.getByTestId("reward-mail-kind")).toHaveTextContent("Your own text");
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Voici {reward}");
  });

  it("goes back to the built-in text with a DELETE", async () => {
    const calls = serveTemplates(
      languages.map((language) => (language === "de" ? germanOwn : builtIn(language))),
    );
    await renderCard();
    await choose("Deutsch");
    await userEvent.click(screen.getByRole("button", { name: "Use the built-in text" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1));
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({ url: url("de") });
    expect(await screen.findByText("Deutsch: back to the built-in text")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Ihre Prämie {reward} ist da");
    expect(await screen.findByText("Built-in de")).toBeInTheDocument();
    expect(screen.getByTestId("reward-mail-kind")).toHaveTextContent("Built-in text");
    expect(screen.getByRole("button", { name: "Use the built-in text" })).toBeDisabled();
  });

  it("puts a 400's field error on its field", async () => {
    serveTemplates(languages.map(builtIn), () => ({
      status: 400,
      body: errorBody(400, "Validation failed", { subject: "Maximum 200 symbols" }),
    }));
    await renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Maximum 200 symbols")).toBeInTheDocument();
    expect(screen.getByTestId("reward-mail-kind")).toHaveTextContent("Built-in text");
  });

  it("checks the subject with the contract's rules before saving", async () => {
    const calls = serveTemplates(languages.map(builtIn));
    await renderCard();
    await userEvent.clear(screen.getByLabelText(/^Subject/));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Required field")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("disables Save and the reset for a role that may not write settings", async () => {
    signInAs("support");
    const calls = serveTemplates(
      languages.map((language) => (language === "en" ? { ...germanOwn, language } : builtIn(language))),
    );
    await renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await userEvent.click(screen.getByRole("button", { name: "Use the built-in text" }));
    expect(screen.getByRole("button", { name: "Save" })).toHaveAttribute("data-disabled");
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
  });
});
