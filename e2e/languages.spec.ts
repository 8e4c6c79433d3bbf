import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

const languages = ["de", "es", "fr", "ja", "zh", "en"] as const;
type Language = (typeof languages)[number];
const ownNames: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  ja: "日本語",
  zh: "中文",
};
const textsOf = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url), "utf8"));

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

// LANGUAGE_SCREENSHOTS=1 keeps the pictures as the documentation's; else they go to /tmp/shots.
const shot = (name: string) =>
  process.env.LANGUAGE_SCREENSHOTS === "1"
    ? new URL(`../docs/features/${name}`, import.meta.url).pathname
    : `/tmp/shots/${name}`;

/** Picks a language from the selector, whose name starts with the one shown ("EN – Language"). */
async function choose(target: Page, language: Language) {
  const shown = await target.evaluate(() => document.documentElement.lang);
  await target
    .getByRole("button", { name: new RegExp(`^${shown.toUpperCase()} – `) })
    .first()
    .click();
  await target.getByRole("menuitem", { name: ownNames[language] }).click();
  await expect.poll(() => target.evaluate(() => document.documentElement.lang)).toBe(language);
}

it("switches every screen to each language from the header, kept in the profile", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const language of languages) {
    const texts = textsOf(language);
    await page.goto(`${server.baseUrl}/dashboard`);
    await choose(page, language);
    const menu = page.getByRole("navigation").first();
    await menu
      .getByText(texts["menu.dashboard"] ?? "", { exact: true })
      .first()
      .waitFor();
    await page
      .getByText(texts["dashboard.today.offers"] ?? "", { exact: true })
      .first()
      .waitFor();
    // The start-up splash belongs to the page load: the remount in another language must not bring it back.
    expect(await page.locator(".mantine-Overlay-root").count()).toBe(0);
    await page.screenshot({ path: shot(`language-${language}-dashboard.png`) });

    await page.getByRole("link", { name: texts["menu.appUsers"], exact: true }).first().click();
    await page.getByRole("table").getByRole("row").nth(1).waitFor();
    await page
      .getByText(texts["menu.appUsers.page"] ?? "", { exact: true })
      .first()
      .waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: shot(`language-${language}-users.png`) });

    // The choice is the member's: the profile answers it, whatever the browser asks for.
    const profile = await apiCall<{ language: string }>(
      server.baseUrl,
      "GET",
      "/api/profile/me",
      undefined,
      token,
    );
    expect(profile.body.language).toBe(language);
  }
});

it("opens in the browser's language before sign-in, and says a refused sign-in in the chosen one", async () => {
  const context = await session.browser.newContext({ locale: "fr-FR" });
  const visitor = await context.newPage();
  try {
    await visitor.goto(`${server.baseUrl}/auth/login`);
    await expect.poll(() => visitor.evaluate(() => document.documentElement.lang)).toBe("fr");
    // The sign-in pages' selector is the browser's own select.
    await visitor.getByRole("combobox", { name: textsOf("fr")["shell.language"] }).selectOption("ja");
    await expect.poll(() => visitor.evaluate(() => document.documentElement.lang)).toBe("ja");
    const ja = textsOf("ja");
    await visitor.getByLabel(ja["auth.field.email"] ?? "").fill("nobody@rewards.test");
    await visitor.getByLabel(ja["auth.field.password"] ?? "", { exact: true }).fill("wrong-password-1");
    await visitor.getByRole("button", { name: ja["auth.login.submit"] }).click();
    await visitor
      .getByText(ja["error.loginIncorrect"] ?? "")
      .first()
      .waitFor();
  } finally {
    await context.close();
  }
});

it("answers a member's choice of an unknown language with a 400 and its code", async () => {
  const answer = await apiCall<{ code: string }>(
    server.baseUrl,
    "PUT",
    "/api/profile/me",
    { language: "pt" },
    token,
  );
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe("languageUnknown");
});
