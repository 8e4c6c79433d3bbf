import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, redeemsFromCodeStock } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { openPage } from "./support/browser.ts";
import { type DemoSession, demoOwnerEmail, startDemoSession } from "./support/demo-session.ts";

// A keyboard-only walk (docs/accessibility.md): the owner signs in with the keyboard, skips to the content,
// reaches the Redeems list through the menu with Tab, opens a pending redeem's details and closes them (focus
// back on the row's link), selects it, pays it from the item's code stock through "Pay selected" and its
// confirmation, and closes the dialog: the redeem is Sent and focus is back on the list. No mouse at all.

type Focused = { tag: string; name: string; role: string | null; inMain: boolean; inDialog: boolean };

let session: DemoSession;
let server: AppServer;
let page: Page;
let password: string;
let redeemId: string;
let receiver: string;

beforeAll(async () => {
  // A fresh page, not the session's signed-in one: the walk signs in with the keyboard.
  session = await startDemoSession();
  server = session.server;
  password = await server.demoPassword();
  // One pending redeem of an item paid from its code stock, which holds one code.
  receiver = "keyboard.buyer@e2e.test";
  const { redeemIds } = await redeemsFromCodeStock(server.baseUrl, session.token, {
    email: receiver,
    gaid: "6f1c0c43-6d0e-4d8e-9d55-000000000301",
    codes: ["E2E-KEYS-0001"],
  });
  redeemId = redeemIds[0] ?? "";
  page = await openPage(session.browser, server.baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** What has focus: its tag, accessible name (label, aria-label or text), role, and where it sits. */
function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labelled = element?.getAttribute("aria-labelledby");
    const name =
      element?.getAttribute("aria-label") ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
      element?.textContent ??
      "";
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      name: name.replace(/\s+/g, " ").trim(),
      role: element?.getAttribute("role") ?? null,
      inMain: !!element?.closest("#main-content"),
      inDialog: !!element?.closest("[role=dialog]"),
    };
  });
}

/** Presses Tab (Shift+Tab backwards) until the focused element matches, at most `limit` times. */
async function tabTo(match: (element: Focused) => boolean, what: string, limit = 80, key = "Tab") {
  const seen: string[] = [];
  for (let n = 0; n < limit; n++) {
    await page.keyboard.press(key);
    const element = await focused();
    if (match(element)) return element;
    seen.push(`${element.tag}:${element.name.slice(0, 40)}`);
  }
  throw new Error(`${what} not reached with ${key}; focus went through: ${seen.join(" | ")}`);
}

const poll = { timeout: 30_000 };

it("pays a pending redeem with the keyboard alone, and focus comes back to the list", async () => {
  // Sign in: the skip link is the first stop, then the form's fields; Enter submits.
  await page.goto("/auth/login");
  await page.getByLabel("Email").waitFor();
  await page.keyboard.press("Tab");
  expect((await focused()).name).toBe("Skip to content");
  await tabTo((element) => element.tag === "input" && /Email/.test(element.name), "the Email field");
  await page.keyboard.type(demoOwnerEmail);
  await page.keyboard.press("Tab");
  expect((await focused()).name).toMatch(/Password/);
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await page.waitForURL("**/dashboard");
  await expect.poll(() => page.title()).toBe("Dashboard · Rewards Admin");
  // The title follows the address at once; the shell (and its skip link) comes once the profile has loaded.
  await page.getByRole("link", { name: "Skip to content" }).waitFor({ state: "attached" });

  // The skip link leads into the main content; the menu's Redeems entry is reached with Tab.
  await page.keyboard.press("Tab");
  expect((await focused()).name).toBe("Skip to content");
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
  await tabTo(
    (element) => element.tag === "a" && element.name === "Redeems",
    "the menu's Redeems",
    80,
    "Shift+Tab",
  );
  await page.keyboard.press("Enter");
  await page.waitForURL("**/dash/redeems");
  await page.getByRole("heading", { name: "Redeems list" }).waitFor();
  await expect.poll(() => page.title()).toBe("Redeems list · Rewards Admin");
  const row = page.locator("tbody tr", { hasText: redeemId.slice(-8) });
  await row.waitFor();

  // The redeem's details open from its row's link and close with Escape: focus is back on that link.
  const selectName = `Select ${receiver} (${redeemId.slice(-8)})`;
  await page.keyboard.press("Tab");
  await tabTo((element) => element.name === selectName, "the redeem's checkbox");
  await tabTo(
    (element) => element.tag === "a" && element.name === "Details" && element.inMain,
    "the row's Details link",
  );
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "Redeem Details" });
  await details.waitFor();
  expect((await focused()).inDialog).toBe(true);
  await page.keyboard.press("Escape");
  await details.waitFor({ state: "detached" });
  await expect.poll(async () => (await focused()).name, poll).toBe("Details");
  expect(
    await page.evaluate(
      (id) => document.activeElement?.closest("tr")?.textContent?.includes(id),
      redeemId.slice(-8),
    ),
  ).toBe(true);

  // Select the row (Space), then "Pay selected" and its confirmation.
  await tabTo((element) => element.name === selectName, "the redeem's checkbox", 20, "Shift+Tab");
  await page.keyboard.press("Space");
  await page.getByText("Selected records count: 1").waitFor();
  await tabTo(
    (element) => element.tag === "button" && element.name === "Pay selected",
    "Pay selected",
    80,
    "Shift+Tab",
  );
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Pay selected redeems" });
  await confirm.waitFor();
  await tabTo((element) => element.inDialog && element.name === "Pay 1 redeems", "the confirmation", 10);
  await page.keyboard.press("Enter");
  const progress = page.getByRole("dialog", { name: "Paying redeems" });
  await progress.getByText("Finished: 1 paid, 0 failed").waitFor(poll);
  await page.keyboard.press("Escape");
  await progress.waitFor({ state: "detached" });

  // Paid, and focus is on the list again (the button that opened the dialog went with the selection).
  await expect.poll(async () => (await focused()).inMain, poll).toBe(true);
  expect((await focused()).inDialog).toBe(false);
  const answer = await apiCall<{ status: number }>(
    server.baseUrl,
    "GET",
    `/api/redeem/${redeemId}`,
    undefined,
    session.token,
  );
  expect(answer.body.status).toBe(1);
  await row.getByText("Sent", { exact: true }).waitFor(poll);
});
