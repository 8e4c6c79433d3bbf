import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Signs in through the login form, as an operator would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
  expect(new URL(page.url()).pathname).toBe("/dashboard");
}
