import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FcmSink,
  serviceAccountJson,
  startFcmSink,
  testKeyPair,
} from "../apps/server/test/support/fcm-sink.ts";
import { registerAccount } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";

const owner = { fullName: "Sam Settings", username: "sam@settings.test", password: "violet-anchor-52" };
const clientEmail = "push@e2e-project.iam.gserviceaccount.com";
const keys = testKeyPair();

let fcm: FcmSink;
let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  fcm = await startFcmSink({ publicKey: keys.publicKey, clientEmail });
  [server, browser] = await Promise.all([
    startAppServer({ demo: false, env: { FCM_BASE_URL: fcm.baseUrl, FCM_TOKEN_ORIGIN: fcm.baseUrl } }),
    launchChromium(),
  ]);
  expect((await registerAccount(server.baseUrl, owner)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fcm?.close();
});

async function signedInPage(): Promise<Page> {
  const page = await openPage(browser, server.baseUrl);
  await signIn(page, owner.username, owner.password);
  return page;
}

it("saves a giveaway and shows it again after a reload", async () => {
  const page = await signedInPage();
  await page.getByRole("link", { name: "Giveaway" }).first().click();
  await page.waitForURL("**/dash/giveaway");
  await page.getByLabel("Title", { exact: false }).first().fill("Summer draw");
  await page.getByLabel("Description").first().fill("Win a 50 dollar gift card");
  await page.getByRole("button", { name: "Save" }).first().click();
  await page.getByText("Giveaway saved").waitFor();

  // The winner section opens with its switch, and saves into the same record.
  await page.getByRole("switch", { name: "Enable winners announcement" }).check({ force: true });
  await page.getByLabel("Winner Title").fill("We have winners");
  await page.getByLabel("Winner Description").fill("Congratulations to Ann and Bob");
  await page.getByRole("button", { name: "Save" }).nth(1).click();
  await expect.poll(() => page.getByText("Giveaway saved").count()).toBeGreaterThan(0);

  await page.reload();
  await expect
    .poll(() => page.getByLabel("Title", { exact: false }).first().inputValue())
    .toBe("Summer draw");
  expect(await page.getByLabel("Winner Title").inputValue()).toBe("We have winners");
});

it("configures AdGem and shows its full postback URL", async () => {
  const page = await signedInPage();
  await page.goto("/dash/network");
  await page.getByRole("tab", { name: "OfferWall" }).click();
  await page.getByRole("link", { name: "ADGEMOW Setting" }).click();
  await page.waitForURL("**/dash/network/adgemow");
  await page.getByText("ADGEMOW Setting").waitFor();
  await page.getByLabel("App ID").fill("4321");
  await page.getByLabel("Secret Key", { exact: false }).first().fill("adgem-ios-postback-key");
  await page.getByLabel("Android Secret Key").fill("adgem-android-postback-key");
  await page.getByLabel("Provision").fill("0.7");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/dash\/network$/);

  await page.goto("/dash/network/adgemow");
  const url = page.getByTestId("postback-url");
  await url.waitFor();
  expect(await url.textContent()).toMatch(
    new RegExp(
      `^${server.baseUrl}/postback/[0-9a-f]{32,}/adgemow\\?user_id=\\{player_id\\}.*verifier=\\{verifier\\}$`,
    ),
  );
  // Saved secrets come back masked.
  expect(await page.getByLabel("Android Secret Key").inputValue()).toBe("••••-key");
  expect(await page.getByLabel("App ID").inputValue()).toBe("4321");

  await page.goto("/dash/network/nosuchnetwork");
  await page.getByText('There is no network called "nosuchnetwork".').waitFor();
});

it("saves General Config, starting from the defaults", async () => {
  const page = await signedInPage();
  await page.goto("/dash/setting");
  await page.getByRole("tab", { name: "General Config" }).click();
  const ratio = page.getByLabel("Points per Dollar");
  await expect.poll(() => ratio.inputValue()).toBe("1000");
  expect(await page.getByLabel("Referral Percent").inputValue()).toBe("25");
  await ratio.fill("500");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Settings saved").waitFor();

  await page.reload();
  await page.getByRole("tab", { name: "General Config" }).click();
  await expect.poll(() => page.getByLabel("Points per Dollar").inputValue()).toBe("500");
});

it("sends a push to all devices and lists it", async () => {
  const page = await signedInPage();
  await page.goto("/dash/setting");
  await page.getByRole("tab", { name: "Push" }).click();
  await page
    .getByLabel("Service account key")
    .fill(serviceAccountJson({ privateKeyPem: keys.privateKeyPem, clientEmail, tokenUri: fcm.tokenUri }));
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Settings saved").waitFor();

  await page.getByRole("link", { name: "Notification" }).first().click();
  await page.waitForURL("**/dash/notification");
  await page.getByLabel("Title").fill("Double points");
  await page.getByLabel("Body").fill("Every offer pays double today");
  await page.getByRole("button", { name: "Send to All Devices" }).click();
  await page.getByRole("button", { name: "Sent" }).waitFor();
  const row = page.getByRole("row").filter({ hasText: "Double points" });
  await row.getByText("Sent").waitFor();
  expect(fcm.received).toEqual([
    { project: "rewards-test", topic: "all", title: "Double points", body: "Every offer pays double today" },
  ]);
});
