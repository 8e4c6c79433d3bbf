import type { Profile } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profile } from "../../../test/support/auth-helpers.ts";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { addMember, insertMember } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { admins } from "../../db/schema/index.ts";

// The e-mails to operators (password reset, invitations, the test e-mail) are written in the member's
// language; the profile says the app's time zone, which the dashboard shows dates in.

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await addMailConfig(t.db, a.id);
});
afterAll(() => t.close());

const lastMailTo = (to: string) => t.mail.received.filter((mail) => mail.fields.to === to).at(-1)?.fields;
const chooseLanguage = (headers: { authorization: string }, language: string) =>
  t.app.inject({ method: "PUT", url: "/api/profile/me", headers, payload: { language } });
const recover = (email: string, acceptLanguage?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/users/auth/recover",
    payload: { email },
    headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
  });

describe("the password reset e-mail", () => {
  it("is in the language the member chose, whatever the asking page shows", async () => {
    const member = await insertMember(t.db, a.id, "viewer", "reset-de");
    await t.db.update(admins).set({ language: "de" }).where(eq(admins.id, member.id));
    expect((await recover(member.username, "ja")).statusCode).toBe(200);
    const mail = lastMailTo(member.username);
    expect(mail?.subject).toBe("Ihr Passwort für Rewards Admin zurücksetzen");
    expect(mail?.text).toMatch(
      /^Hallo Member reset-de,\n\nöffnen Sie .*\nhttp:\/\/rewards\.test\/auth\/reset\//,
    );
  });

  it("is in the asking page's language until the member chooses one, else English", async () => {
    const member = await insertMember(t.db, a.id, "viewer", "reset-none");
    expect((await recover(member.username, "fr-CA, en;q=0.5")).statusCode).toBe(200);
    expect(lastMailTo(member.username)?.subject).toBe("Réinitialisez votre mot de passe Rewards Admin");
    expect((await recover(member.username)).statusCode).toBe(200);
    expect(lastMailTo(member.username)?.subject).toBe("Reset your Rewards Admin password");
  });
});

describe("the invitation e-mail", () => {
  const invite = (email: string, acceptLanguage = "en") =>
    t.app.inject({
      method: "POST",
      url: "/api/team/invites",
      headers: { ...a.headers, "accept-language": acceptLanguage },
      payload: { email, role: "admin" },
    });

  it("is in the inviter's language, the role named in it", async () => {
    expect((await chooseLanguage(a.headers, "es")).statusCode).toBe(200);
    const response = await invite("nuevo@invitee.test", "de");
    expect(response.statusCode, response.body).toBe(201);
    const mail = lastMailTo("nuevo@invitee.test");
    expect(mail?.subject).toMatch(/^Le han invitado a .+ en Rewards Admin$/);
    expect(mail?.text).toContain(" como administrador.");
    expect(mail?.text).toMatch(/http:\/\/rewards\.test\/auth\/invite\/[A-Za-z0-9_-]+/);
  });

  it("is in the invitee's own language when their account chose one", async () => {
    // A member of tenant B's app, invited to A's as well.
    const outsider = await insertMember(t.db, b.id, "viewer", "invitee-ja");
    await t.db.update(admins).set({ language: "ja" }).where(eq(admins.id, outsider.id));
    const response = await invite(outsider.username);
    expect(response.statusCode, response.body).toBe(201);
    const mail = lastMailTo(outsider.username);
    expect(mail?.subject).toMatch(/^Rewards Admin の .+ への招待$/);
    expect(mail?.text).toContain("管理者として招待されました");
  });
});

describe("the test e-mail", () => {
  it("is in the sending member's language", async () => {
    expect((await chooseLanguage(a.headers, "zh")).statusCode).toBe(200);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/setting/mailgun/test",
      headers: a.headers,
      payload: { to: "check@tenant-a.test" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(lastMailTo("check@tenant-a.test")).toMatchObject({
      subject: "来自您奖励应用的测试邮件",
      text: "这是一封通过 Mailgun 域名 mg.tenant.test 发送的测试邮件。邮件发送功能正常。",
    });
  });
});

describe("the profile's time zone", () => {
  it("is the app's: UTC until General settings say otherwise", async () => {
    const before = (await profile(t.app, a.token)).json<Profile>();
    expect(before.timeZone).toBe("UTC");
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/setting/settingconfig",
      headers: a.headers,
      payload: { refPercent: 25, ratio: 1000, fbLike: 10, fbShare: 20, twShare: 20, timeZone: "Asia/Tokyo" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await profile(t.app, a.token)).json<Profile>().timeZone).toBe("Asia/Tokyo");
    // A member of the same app sees the app's zone too.
    const viewer = await addMember(t, a.id, "viewer", "zone");
    expect((await profile(t.app, viewer.token)).json<Profile>().timeZone).toBe("Asia/Tokyo");
  });
});
