import { writeFileSync } from "node:fs";
import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, creditFromCpx } from "./api.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { launchChromium } from "./browser.ts";
import { demoOwnerEmail } from "./demo-session.ts";
import { signIn } from "./sign-in.ts";

// WCAG 2.2 AA with axe-core (docs/accessibility.md): every screen of the signed-in app with the demo data,
// the sign-in, registration and forgot-password pages, some open modals and the profile panel, 1280 and
// 360 px wide, in one color scheme per spec file (e2e/accessibility-light.spec.ts, -dark.spec.ts), so that
// the two halves run side by side. Any serious or critical violation fails the test.
// One browser and two contexts (signed in, signed out) serve every page; the contexts bypass the app's
// CSP so that axe's source can be injected (only these specs do so).

const widths = [1280, 360] as const;
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Scheme = "light" | "dark";

type Screen = {
  name: string;
  path: string;
  /** Brings the page to the state to check once it has loaded (opens a tab, a panel…). */
  open?: (page: Page) => Promise<void>;
};
type Finding = {
  rule: string;
  impact: string;
  target: string;
  screen: string;
  scheme: Scheme;
  width: number;
  /** The element's markup and axe's data (colors and ratio), for the summary file. */
  html: string;
  data: unknown;
};

let server: AppServer;
let browser: Browser;
let signedIn: BrowserContext;
let signedOut: BrowserContext;
const findings: Finding[] = [];
/** What each check saw (screen, scheme, width → table rows, characters of text), to tell an empty page. */
const seen: Record<string, { rows: number; text: number }> = {};

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The server with the demo data and a postback, Chromium, and the two contexts, the owner signed in to one. */
async function start() {
  [server, browser] = await Promise.all([startAppServer({ demo: true }), launchChromium()]);
  const password = await server.demoPassword();
  [signedIn, signedOut] = await Promise.all([newContext(), newContext()]);
  const login = await apiCall<{ accessToken: string }>(server.baseUrl, "POST", "/api/users/login", {
    username: demoOwnerEmail,
    password,
  });
  // A postback to open on the Postbacks screen.
  await creditFromCpx(server.baseUrl, login.body.accessToken, { transaction: "a11y-1", usd: "1.50" });
  await signIn(await signedIn.newPage(), demoOwnerEmail, password);
}

/**
 * Waits for the screen and its data: no route loading (the shell's progress bar, fixed at the top), no
 * loader or skeleton, for 250 ms in a row (modal transitions done).
 */
async function settle(page: Page) {
  await page.waitForFunction(
    () => {
      const busy = () =>
        !document.getElementById("root")?.childElementCount ||
        !!document.querySelector(
          ".mantine-Progress-root[style*='fixed'], .mantine-Loader-root, .mantine-Skeleton-root[data-visible='true']",
        );
      const state = window as unknown as { a11yQuietSince?: number };
      if (busy()) {
        state.a11yQuietSince = undefined;
        return false;
      }
      state.a11yQuietSince ??= Date.now();
      return Date.now() - state.a11yQuietSince > 250;
    },
    undefined,
    { timeout: 15_000, polling: 50 },
  );
  await page.evaluate(() => {
    (window as unknown as { a11yQuietSince?: number }).a11yQuietSince = undefined;
  });
}

/** Goes to `path` inside the loaded app (the router follows history), or loads it when told. */
async function visit(page: Page, path: string, reload: boolean) {
  if (reload) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** The serious and critical violations of axe's WCAG 2.2 AA rules on the page as it is now. */
async function audit(page: Page, screen: string, scheme: Scheme, width: number) {
  seen[`${screen}, ${scheme}, ${width}px`] = await page.evaluate(() => ({
    rows: document.querySelectorAll("tbody tr").length,
    text: document.body.innerText.length,
  }));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values },
        resultTypes: ["violations"],
      }),
    tags,
  );
  for (const violation of results.violations) {
    if (violation.impact !== "serious" && violation.impact !== "critical") continue;
    for (const node of violation.nodes)
      findings.push({
        rule: violation.id,
        impact: violation.impact,
        target: node.target.join(" "),
        screen,
        scheme,
        width,
        html: node.html.slice(0, 300),
        data: node.any[0]?.data ?? node.all[0]?.data ?? null,
      });
  }
}

async function check(context: BrowserContext, screens: Screen[], scheme: Scheme, width: number) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  await page.goto("/terms");
  await page.evaluate((value) => localStorage.setItem("rewards-color-scheme", value), scheme);
  let loaded = false;
  for (const screen of screens) {
    // A screen that opens something (a tab, the profile panel) is loaded afresh, and so is the next one.
    await visit(page, screen.path, !loaded || !!screen.open);
    loaded = !screen.open;
    await settle(page);
    if (screen.open) {
      await screen.open(page);
      await settle(page);
    }
    await audit(page, screen.name, scheme, width);
  }
  await page.close();
}

/** The first link whose address matches, on the list at `path`: a record of the demo data to open. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const href = await page
    .waitForFunction(
      (source) => {
        const regex = new RegExp(`${source}(\\?.*)?$`);
        return [...document.querySelectorAll("a[href]")]
          .map((link) => link.getAttribute("href") ?? "")
          .find((href) => regex.test(href));
      },
      pattern.source,
      { timeout: 15_000 },
    )
    .then((handle) => handle.jsonValue());
  if (!href) throw new Error(`no link like ${pattern} on ${path}`);
  return href;
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
}

async function openProfilePanel(page: Page) {
  await page.getByRole("button", { name: /User menu$/ }).click();
  await page.getByRole("menuitem", { name: "My Profile" }).click();
  await page.getByRole("dialog").waitFor();
}

/** Every screen of the signed-in app, with records of the demo data for the screens of one record. */
async function signedInScreens(): Promise<Screen[]> {
  const page = await signedIn.newPage();
  const user = await firstLink(page, "/dash/customers", /^\/dash\/customers\/[^/]+\/details/);
  const redeem = await firstLink(page, "/dash/redeems", /^\/dash\/redeems\/[^/]+\/details/);
  const pay = await firstLink(page, "/dash/redeems?status=0", /^\/dash\/redeems\/[^/]+\/edit/);
  const cancel = pay.replace(/\/edit(\?.*)?$/, "/cancel");
  const offer = await firstLink(page, "/dash/offers", /^\/dash\/offers\/[^/]+\/details/);
  const postback = await firstLink(
    page,
    "/dash/offers/postbacks",
    /^\/dash\/offers\/postbacks\/[^/]+\/details/,
  );
  const rewards = await firstLink(page, "/dash/rewards/countries", /^\/dash\/countries\/[^/]+\/add/);
  const items = await firstLink(page, rewards, /^\/dash\/countries\/rewards\/[^/]+\/add/);
  // Any item's codes page (the link shows only on items paid from stock).
  const item = await firstLink(page, items, /^\/dash\/countries\/rewards\/[^/]+\/add\/[^/]+\/edit/);
  const codes = `/dash/catalog/items/${item.split("?")[0]?.split("/")[6]}/codes`;
  const network = await firstLink(page, "/dash/network", /^\/dash\/network\/[^/?]+/);
  await page.close();
  return [
    { name: "dashboard", path: "/dashboard" },
    { name: "profile panel", path: "/dashboard", open: openProfilePanel },
    { name: "analytics", path: "/dash/analytics" },
    { name: "users", path: "/dash/customers" },
    { name: "user details", path: user },
    { name: "redeems", path: "/dash/redeems" },
    { name: "redeem details", path: redeem },
    { name: "cancel redeem (confirm)", path: cancel },
    { name: "send redeem", path: pay },
    { name: "offers", path: "/dash/offers" },
    { name: "offer details", path: offer },
    { name: "postbacks", path: "/dash/offers/postbacks" },
    { name: "postback details", path: postback },
    { name: "activity", path: "/dash/activity" },
    { name: "catalog countries", path: "/dash/rewards/countries" },
    { name: "catalog rewards", path: rewards },
    { name: "catalog items", path: items },
    { name: "item codes", path: codes },
    { name: "payouts", path: "/dash/payouts" },
    { name: "giveaway", path: "/dash/giveaway" },
    { name: "network", path: "/dash/network" },
    { name: "network setting", path: network },
    ...(["Identity", "Facebook", "Mailgun", "General Config", "Push"] as const).map((tab) => ({
      name: `settings: ${tab}`,
      path: "/dash/setting",
      open: (page: Page) => openTab(page, tab),
    })),
    { name: "notifications", path: "/dash/notification" },
    { name: "team", path: "/dash/team" },
    { name: "admins", path: "/dash/admins" },
    { name: "terms", path: "/terms" },
  ];
}

const signedOutScreens: Screen[] = [
  { name: "sign-in", path: "/auth/login" },
  { name: "registration", path: "/auth/registration" },
  { name: "forgot password", path: "/auth/forgot-password" },
];

function summarise() {
  const byRule: Record<string, number> = {};
  const byView: Record<string, Record<string, number>> = {};
  for (const finding of findings) {
    byRule[finding.rule] = (byRule[finding.rule] ?? 0) + 1;
    const view = `${finding.scheme} ${finding.width}px`;
    byView[view] ??= {};
    (byView[view] as Record<string, number>)[finding.rule] =
      ((byView[view] as Record<string, number>)[finding.rule] ?? 0) + 1;
  }
  return { total: findings.length, byRule, byView };
}

/**
 * The browser tests of every screen in one color scheme, one test per width. What axe found goes to
 * `/tmp/a11y-summary-<scheme>.json` when they are done (`A11Y_SUMMARY_DIR` to choose another directory).
 */
export function auditEveryScreen(scheme: Scheme) {
  const summaryFile = `${process.env.A11Y_SUMMARY_DIR ?? "/tmp"}/a11y-summary-${scheme}.json`;
  let screens: Screen[];
  beforeAll(async () => {
    await start();
    screens = await signedInScreens();
  });
  afterAll(async () => {
    writeFileSync(summaryFile, JSON.stringify({ ...summarise(), findings, seen }, null, 2));
    await browser?.close();
    await server?.stop();
  });
  for (const width of widths)
    it(`has no serious or critical WCAG 2.2 AA violation on any screen, ${scheme}, ${width} px`, async () => {
      const before = findings.length;
      await check(signedIn, screens, scheme, width);
      await check(signedOut, signedOutScreens, scheme, width);
      const found = findings.slice(before);
      const lines = found.map(
        (finding) =>
          `${finding.rule} (${finding.impact}) ${finding.target} on ${finding.screen}, ${finding.scheme}, ${finding.width}px`,
      );
      expect(
        found.length,
        `${found.length} serious or critical violations:\n${lines.slice(0, 200).join("\n")}`,
      ).toBe(0);
    }, 200_000);
}
