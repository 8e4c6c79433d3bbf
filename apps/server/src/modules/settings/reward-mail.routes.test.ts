import {
  type AuditAction,
  languages,
  type RedeemDetails,
  type RewardMailTemplate,
  type RewardMailTemplates,
} from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { goodPassword } from "../../../test/support/auth-helpers.ts";
import { addMember } from "../../../test/support/members.ts";
import { type PayoutTestApp, startPayoutTestApp } from "../../../test/support/payout-app.ts";
import { insertRedeem } from "../../../test/support/redeems.ts";
import { appUsers, auditLog, mailOutbox, rewardCodes } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { mailText } from "../../lib/mail-texts/index.ts";

// The gift-card e-mail in the app user's language: templates per language in the mail settings, the
// language from the locale the app sends, the app's default language otherwise.

let t: PayoutTestApp;
let appKey: string;

const url = (language: string, adminId = t.a.id) => `/api/setting/rewardmail/${adminId}/${language}`;
const list = (headers = t.a.headers, adminId = t.a.id) =>
  t.app.inject({ method: "GET", url: `/api/setting/rewardmail/${adminId}`, headers });
const save = (language: string, payload: object, headers = t.a.headers, adminId = t.a.id) =>
  t.app.inject({ method: "PUT", url: url(language, adminId), headers, payload });
const reset = (language: string, headers = t.a.headers) =>
  t.app.inject({ method: "DELETE", url: url(language), headers });
const details = async (id: string) =>
  (
    await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: t.a.headers })
  ).json<RedeemDetails>();
const templateOf = async (language: string) =>
  (await list()).json<RewardMailTemplates>().templates.find((template) => template.language === language);

/** A user of tenant A signed up through the app with this body's locale fields; their id. */
async function appUser(fields: Record<string, unknown>) {
  const email = `${newId()}@locale.test`;
  const session = await signUpOk(t.app, appKey, email, fields);
  return { id: session.user._id, email };
}
const languageOf = async (userId: string) =>
  (await t.db.select({ language: appUsers.language }).from(appUsers).where(eq(appUsers.id, userId)))[0]
    ?.language;
const entriesOf = (action: AuditAction) => t.db.select().from(auditLog).where(eq(auditLog.action, action));
const outboxOf = async (redeemId: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, redeemId)))[0];

beforeAll(async () => {
  t = await startPayoutTestApp({ users: 4 });
  await t.saveSettings();
  appKey = await appKeyOf(t.db, t.a.id);
});
afterAll(() => t.close());

describe("GET /api/setting/rewardmail/:adminId", () => {
  it("answers every language's built-in template until one is saved", async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const { templates } = response.json<RewardMailTemplates>();
    expect(templates.map((template) => template.language)).toEqual([...languages]);
    expect(templates.find((template) => template.language === "de")).toEqual({
      language: "de",
      subject: "Ihre Prämie {reward} ist da",
      body: mailText("de", "reward.body"),
      custom: false,
      updatedAt: null,
    });
  });

  it("answers 403 for another app's id", async () => {
    expect((await list(t.a.headers, t.b.id)).statusCode).toBe(403);
  });
});

describe("PUT and DELETE /api/setting/rewardmail/:adminId/:language", () => {
  it("saves one language's template, sanitised, and records it; the others stay built in", async () => {
    const response = await save("fr", {
      subject: "  Votre {reward} vous attend  ",
      body: '<p onclick="steal()">Bravo !</p><script>alert(1)</script>',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<RewardMailTemplate>();
    expect(saved).toMatchObject({ language: "fr", subject: "Votre {reward} vous attend", custom: true });
    expect(saved.body).toBe("<p>Bravo !</p>");
    expect(await templateOf("fr")).toEqual(saved);
    expect((await templateOf("es"))?.custom).toBe(false);

    const [entry] = await entriesOf("settings.rewardMail.save");
    expect(entry).toMatchObject({ recordType: "rewardMailTemplate", recordId: "fr", actorAdminId: t.a.id });
    expect(entry?.changes?.subject).toEqual({
      before: mailText("fr", "reward.subject"),
      after: "Votre {reward} vous attend",
    });
  });

  it("goes back to the built-in text, recorded once", async () => {
    await save("ja", { subject: "{reward} です", body: "<p>どうぞ</p>" });
    const response = await reset("ja");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      language: "ja",
      custom: false,
      subject: "{reward} をお届けします",
    });
    expect((await templateOf("ja"))?.custom).toBe(false);
    // Nothing left to remove: still the built-in text, and no second entry.
    expect((await reset("ja")).statusCode).toBe(200);
    expect(await entriesOf("settings.rewardMail.reset")).toHaveLength(1);
  });

  it("refuses an unknown language, an empty subject and a too long body with a code", async () => {
    const unknown = await save("pt", { subject: "Olá", body: "" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "languageUnknown" });
    const empty = await save("de", { subject: "  ", body: "<p>x</p>" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "required", params: { field: "subject" } });
    const long = await save("de", { subject: "x", body: "x".repeat(100_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: "messageTooLong" });
    expect((await templateOf("de"))?.custom).toBe(false);
  });

  it("is refused to another app's id, and to a support member", async () => {
    expect((await save("de", { subject: "x", body: "" }, t.a.headers, t.b.id)).statusCode).toBe(403);
    const support = await addMember(t, t.a.id, "support");
    expect((await save("de", { subject: "x", body: "" }, support.headers)).statusCode).toBe(403);
    expect((await list(support.headers)).statusCode).toBe(200);
    expect((await templateOf("de"))?.custom).toBe(false);
  });
});

describe("the app user's language", () => {
  it("comes from the locale sent on sign-up, else the device's, and only a language we write counts", async () => {
    expect(await languageOf((await appUser({ locale: "de-AT" })).id)).toBe("de");
    expect(await languageOf((await appUser({ locale: "zh_Hant_TW" })).id)).toBe("zh");
    const device = { device_name: "Phone", locale: "ja_JP" };
    expect(await languageOf((await appUser({ device })).id)).toBe("ja");
    expect(await languageOf((await appUser({ locale: "pt-BR" })).id)).toBeNull();
  });

  it("follows the locale of a sign-in, and a sign-in without one keeps it", async () => {
    const user = await appUser({ locale: "fr-FR" });
    const signIn = (fields: Record<string, unknown>) =>
      appCall(t.app, {
        method: "POST",
        url: "/auth/sign-in",
        key: appKey,
        payload: { email: user.email, password: goodPassword, ...fields },
      });
    expect((await signIn({ locale: "es-MX" })).statusCode).toBe(200);
    expect(await languageOf(user.id)).toBe("es");
    expect((await signIn({})).statusCode).toBe(200);
    expect(await languageOf(user.id)).toBe("es");
    expect((await signIn({ locale: "ko-KR" })).statusCode).toBe(200);
    expect(await languageOf(user.id)).toBeNull();
  });
});

describe("the gift-card e-mail", () => {
  it("is drafted from the template of the user's language, with the reward's name escaped in the body", async () => {
    await save("de", { subject: "Hier ist {reward}", body: "<p>Danke! {reward} ist unterwegs.</p>" });
    const user = await appUser({ locale: "de-DE" });
    const redeemId = await insertRedeem(t.db, { adminId: t.a.id, userId: user.id, status: 2 });
    const draft = (await details(redeemId)).mailDraft;
    expect(draft).toEqual({
      language: "de",
      subject: "Hier ist Amazon Gift Card",
      text: "<p>Danke! Amazon Gift Card ist unterwegs.</p>",
    });
  });

  it("uses the app's default language for a user without one", async () => {
    const general = await t.app.inject({
      method: "POST",
      url: "/api/setting/settingconfig",
      headers: t.a.headers,
      payload: { refPercent: 25, ratio: 1000, fbLike: 10, fbShare: 20, twShare: 20, language: "es" },
    });
    expect(general.statusCode, general.body).toBe(200);
    const user = await appUser({ locale: "pt-BR" });
    const redeemId = await insertRedeem(t.db, { adminId: t.a.id, userId: user.id, status: 2 });
    expect((await details(redeemId)).mailDraft).toMatchObject({
      language: "es",
      subject: "Aquí tiene su Amazon Gift Card",
    });
    // The app's own template in that language, once saved, read with the language in one statement.
    await save("es", { subject: "Su {reward}", body: "<p>{reward} en camino.</p>" });
    expect((await details(redeemId)).mailDraft).toEqual({
      language: "es",
      subject: "Su Amazon Gift Card",
      text: "<p>Amazon Gift Card en camino.</p>",
    });
  });

  it("labels the code in the user's language when a member pays by hand", async () => {
    const itemId = await t.newItem("manual");
    const user = await appUser({ locale: "ja-JP" });
    const redeemId = await insertRedeem(t.db, { adminId: t.a.id, userId: user.id, itemId });
    const draft = (await details(redeemId)).mailDraft;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/redeem/sendReward/${redeemId}`,
      headers: t.a.headers,
      payload: { code: "JP-CODE-1234", rewardName: "Amazon Gift Card", redeemEmail: user.email, ...draft },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await outboxOf(redeemId);
    expect(mail?.subject).toBe("Amazon Gift Card をお届けします");
    expect(mail?.text).toContain("ギフトカードコード: JP-CODE-1234");
    expect(mail?.html).toContain("ギフトカードコード: <code>JP-CODE-1234</code>");
  });

  it("is written by the template of the user's language when a payout pays from stock", async () => {
    const itemId = await t.newItem("inventory");
    await t.db.insert(rewardCodes).values({
      id: newId(),
      adminId: t.a.id,
      rewardItemId: itemId,
      code: "STOCK-DE-0001",
      pin: "4321",
      fingerprint: "test-STOCK-DE-0001",
      last4: "0001",
    });
    const user = await appUser({ locale: "de_CH" });
    const redeemId = await insertRedeem(t.db, { adminId: t.a.id, userId: user.id, itemId });
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/redeem/pay/ids",
      headers: t.a.headers,
      payload: { ids: [redeemId] },
    });
    expect(paid.statusCode, paid.body).toBe(202);
    await t.round();
    const mail = await outboxOf(redeemId);
    expect(mail?.subject).toBe("Hier ist Amazon Gift Card");
    expect(mail?.html).toContain("<p>Danke! Amazon Gift Card ist unterwegs.</p>");
    expect(mail?.text).toContain("Gutscheincode: STOCK-DE-0001");
    expect(mail?.text).toContain("PIN: 4321");
  });
});
