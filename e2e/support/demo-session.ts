import type { Browser, Page } from "playwright-core";
import { apiCall } from "./api.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { launchChromium, openPage } from "./browser.ts";
import { signIn } from "./sign-in.ts";

export const demoOwnerEmail = "demo@rewards.local";

export type DemoSession = {
  server: AppServer;
  browser: Browser;
  /** A page signed in as the demo owner through the sign-in form. */
  page: Page;
  /** The demo owner's API token, for arranging and checking through the API. */
  token: string;
  close(): Promise<void>;
};

/** The real server with its demo data, Chromium, and the demo owner signed in. */
export async function startDemoSession(): Promise<DemoSession> {
  const [server, browser] = await Promise.all([startAppServer({ demo: true }), launchChromium()]);
  const password = await server.demoPassword();
  const login = await apiCall<{ accessToken: string }>(server.baseUrl, "POST", "/api/users/login", {
    username: demoOwnerEmail,
    password,
  });
  if (!login.body.accessToken)
    throw new Error(`the demo owner could not sign in: ${JSON.stringify(login.body)}`);
  const page = await openPage(browser, server.baseUrl);
  await signIn(page, demoOwnerEmail, password);
  return {
    server,
    browser,
    page,
    token: login.body.accessToken,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
