import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { type OfferNetwork, offerNetworks } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, appUsers } from "../../src/db/schema/index.ts";
import { signUpBody } from "../support/app-api.ts";
import { adminIdOf, bearer, registerOwner } from "../support/auth-helpers.ts";
import { hmac, md5, sha256 } from "../support/digests.ts";
import { type IpDataServer, startIpDataServer } from "../support/ip-data-server.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The flows that carry secrets (postbacks of every network, password recovery and reset, sign-in to the
// dashboard and the app) run against a server logging everything (level trace) into memory; then the
// whole log is searched for every secret value that was sent or answered. None may be found.

const secret = () => randomBytes(12).toString("hex");
const networks = offerNetworks;

/** Every secret value that went over the wire, with what it is, for the failure message. */
const secrets = new Map<string, string>();
const remember = (what: string, value: string) => {
  secrets.set(value, what);
  return value;
};

const lines: string[] = [];
const memory = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let ipData: IpDataServer;
let ownerHeaders: { authorization: string };
let adminId: string;
let postbackKey: string;
let appKey: string;
let userId: string;
const ownerEmail = "owner@log-secrets.test";
const networkSecret = remember("a network's postback secret", secret());
const androidSecret = remember("AdGem's Android postback key", secret());
const securityHash = remember("CPX's security hash", secret());
const ipDataKey = remember("the ipdata API key", secret());

beforeAll(async () => {
  ipData = await startIpDataServer(ipDataKey);
  ipData.profile("198.51.100.20", { country: "US" });
  t = await startTestApp({
    outbox: false,
    env: { IPDATA_BASE_URL: ipData.baseUrl },
    logger: { level: "trace", stream: memory },
  });
  const token = remember("the owner's first access token", await registerOwner(t.app, ownerEmail));
  ownerHeaders = bearer(token);
  adminId = await adminIdOf(t.app, token, ownerEmail);
  const [row] = await t.db
    .select({ postbackKey: admins.postbackKey, appKey: admins.appKey })
    .from(admins)
    .where(eq(admins.id, adminId));
  postbackKey = remember("the postback key", row?.postbackKey ?? "");
  // Public (it ships inside the app), but it has no business in the log either.
  appKey = remember("the app key", row?.appKey ?? "");
  for (const network of networks) {
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/network/",
      headers: ownerHeaders,
      payload: {
        network,
        appId: "app-1",
        appToken: network === "cpxresearch" ? securityHash : "api-token",
        postbackSecret: networkSecret,
        postbackSecretAndroid: androidSecret,
        provision: 0.5,
        iosEnable: 1,
        androidEnable: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const ipdata = await t.app.inject({
    method: "POST",
    url: "/api/network/",
    headers: ownerHeaders,
    payload: { network: "ipdata", appId: ipDataKey },
  });
  expect(ipdata.statusCode, ipdata.body).toBe(200);
  userId = randomUUID();
  await t.db
    .insert(appUsers)
    .values({ id: userId, adminId, username: `${userId}@users.test`, referCode: userId.slice(0, 6) });
});
afterAll(async () => {
  await t?.close();
  await ipData?.close();
});

/** The network's macros filled in, as the network would send them (docs/postbacks.md). */
function macroValues(network: OfferNetwork, tx: string): Record<string, string> {
  const ip = "203.0.113.7";
  const values: Record<string, string> = {
    "{s1}": userId,
    "{points}": "625",
    "{payout}": "1.25",
    "{conversion_id}": tx,
    "{state}": "approved",
    "{vc_title}": "Offer",
    "{session_ip}": ip,
    "{player_id}": userId,
    "{amount}": "625",
    "{transaction_id}": tx,
    "{offer_name}": "Offer",
    "{ip}": ip,
    "{user_id}": userId,
    "{trans_id}": tx,
    "{status}": "1",
    "{amount_local}": "625",
    "{amount_usd}": "1.25",
    "{ip_click}": ip,
    "{userID}": userId,
    "{transactionID}": tx,
    "{goalID}": "",
    "{currencyReward}": "625",
    "{revenue}": "1.25",
    "{offerName}": "Offer",
    "{aff_sub}": userId,
    "[%USER:UID%]": userId,
    "[%TX%]": tx,
    "[%REF%]": "",
    "[%VALUE:CURRENCY%]": "625",
    "[%VALUE:USD%]": "1.25",
    "[%TYPE%]": "COMPLETE",
    "[%OFFER:NAME%]": "Offer",
    "[%USER:IP_ADDRESS%]": ip,
  };
  if (network === "cpxresearch") {
    values["{secure_hash}"] = remember("a CPX secure_hash", md5(`${tx}-${securityHash}`));
  }
  if (network === "lootably") {
    values["{hash}"] = remember("a Lootably hash", sha256(`${userId}${ip}1.25625${networkSecret}`));
  }
  return values;
}

/** The network's postback URL (path and query), built from the Network screen's hint and signed. */
async function postbackUrl(network: OfferNetwork, tx: string): Promise<string> {
  const hint = await t.app.inject({
    method: "GET",
    url: `/api/network/${network}/${adminId}`,
    headers: ownerHeaders,
  });
  const template = hint.json<{ postbackUrl: string }>().postbackUrl;
  const values = macroValues(network, tx);
  let url = template
    .replace(/^https?:\/\/[^/]+/, "")
    .replace("&verifier={verifier}", "")
    .replace(/\{\w+\}|\[%[\w:]+%\]/g, (macro) => encodeURIComponent(values[macro] ?? ""));
  if (network === "adgemow") {
    url += `&verifier=${remember("an AdGem verifier", hmac("sha256", networkSecret, `http://rewards.test${url}`))}`;
  }
  if (network === "bitlabs") {
    url += `&hash=${remember("a BitLabs hash", hmac("sha1", networkSecret, `http://rewards.test${url}`))}`;
  }
  return url;
}

describe("hole 4: no secret reaches the log", () => {
  it("runs postbacks of every network, GET and POST, signed, forged and malformed", async () => {
    for (const network of networks) {
      const url = await postbackUrl(network, `${network}-log-1`);
      const [path = "", query = ""] = url.split("?");
      // CPX's postbacks are taken from its published servers only.
      const from = network === "cpxresearch" ? { remoteAddress: "188.40.3.73" } : {};
      const answers = [
        await t.app.inject({ method: "GET", url, ...from }),
        // The same values as a form, and a body that is not even valid JSON.
        await t.app.inject({
          method: "POST",
          url: `${path}?secret=${networkSecret}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: query,
        }),
        await t.app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json" },
          payload: "{not json",
        }),
        // A forged one: a wrong signature or secret is as secret as a right one to whoever reads the log.
        await t.app.inject({
          method: "GET",
          url: url.replace(
            /(secret|hash|verifier|secure_hash)=[^&]*/,
            `$1=${remember("a forged value", secret())}`,
          ),
        }),
      ];
      for (const answer of answers) expect(answer.statusCode, `${network}: ${answer.body}`).toBeLessThan(500);
    }
    // An unknown network and a missing one, under the real key; an unknown key.
    await t.app.inject({ method: "GET", url: `/postback/${postbackKey}/nonesuch?secret=${networkSecret}` });
    await t.app.inject({ method: "GET", url: `/postback/${postbackKey}` });
    const unknownKey = remember("an unknown postback key", secret());
    await t.app.inject({ method: "GET", url: `/postback/${unknownKey}/ogads?secret=${networkSecret}` });
  });

  it("runs a password recovery, the reset link's check, the page and the reset, and a sign-in", async () => {
    const recovered = await t.app.inject({
      method: "POST",
      url: "/api/users/auth/recover",
      payload: { email: ownerEmail },
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const mail = await t.mail.waitFor(ownerEmail);
    const token = remember(
      "the reset token",
      /\/auth\/reset\/([^\s"'<>]+)/.exec(mail.fields.text ?? "")?.[1] ?? "no token in the mail",
    );
    const check = await t.app.inject({ method: "GET", url: `/api/users/auth/reset/${token}` });
    expect(check.statusCode, check.body).toBe(200);
    // The link itself, as the browser opens it (the web app's page).
    await t.app.inject({ method: "GET", url: `/auth/reset/${token}` });
    const newPassword = remember("the new password", `Quiet-Meadow-${secret()}`);
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/users/auth/reset/${token}`,
      payload: { password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // A used token, checked again.
    await t.app.inject({ method: "GET", url: `/api/users/auth/reset/${token}` });

    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { username: ownerEmail, password: remember("a wrong password", `Wrong-${secret()}`) },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { username: ownerEmail, password: newPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const accessToken = remember(
      "the owner's access token",
      login.json<{ accessToken: string }>().accessToken,
    );
    expect(
      (await t.app.inject({ method: "GET", url: "/api/profile/me", headers: bearer(accessToken) }))
        .statusCode,
    ).toBe(200);
    // A token put in a query by mistake.
    await t.app.inject({ method: "GET", url: `/api/profile/me?access_token=${accessToken}` });
  });

  it("runs an app sign-up (screened with the ipdata key), a sign-in and a signed-in call", async () => {
    const password = remember("the app user's password", `Amber-Canyon-${secret()}`);
    const body = signUpBody("player@log-secrets.test", { password });
    const signUp = await t.app.inject({
      method: "POST",
      url: "/app/v1/auth/sign-up",
      remoteAddress: "198.51.100.20",
      headers: { "x-app-key": appKey },
      payload: body,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    remember("the app user's first token", signUp.json<{ accessToken: string }>().accessToken);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/app/v1/auth/sign-in",
      headers: { "x-app-key": appKey },
      payload: { email: body.email, password, device: body.device },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const appToken = remember("the app user's token", signIn.json<{ accessToken: string }>().accessToken);
    const me = await t.app.inject({
      method: "GET",
      url: "/app/v1/me",
      headers: { "x-app-key": appKey, authorization: `Bearer ${appToken}` },
    });
    expect(me.statusCode, me.body).toBe(200);
  });

  it("finds none of the secrets in the whole log", () => {
    const log = lines.join("");
    expect(secrets.size).toBeGreaterThanOrEqual(25);
    const found = [...secrets].filter(([value]) => value && log.includes(value)).map(([, what]) => what);
    expect(found).toEqual([]);
    // The log did record these requests, URLs and all.
    expect(log.includes('"msg":"incoming request"')).toBe(true);
    expect(log.includes("/postback/[redacted]/cpxresearch?")).toBe(true);
    expect(log.includes("/api/users/auth/reset/[redacted]")).toBe(true);
  });
});

describe("with no platform mail configured", () => {
  it("writes the reset link to the log on purpose, in the mailer's line only", async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    const noMail = { PLATFORM_MAILGUN_DOMAIN: "", PLATFORM_MAILGUN_API_KEY: "", PLATFORM_MAIL_FROM: "" };
    const local = await startTestApp({ outbox: false, env: noMail, logger: { level: "trace", stream } });
    try {
      await registerOwner(local.app, ownerEmail);
      const recovered = await local.app.inject({
        method: "POST",
        url: "/api/users/auth/recover",
        payload: { email: ownerEmail },
      });
      expect(recovered.statusCode, recovered.body).toBe(200);
      const mailerLine = logged.find((line) => line.includes("Platform mail is not configured"));
      const token = /\/auth\/reset\/([\w-]+)/.exec(mailerLine ?? "")?.[1] ?? "";
      expect(token.length).toBeGreaterThan(16);
      const check = await local.app.inject({ method: "GET", url: `/api/users/auth/reset/${token}` });
      expect(check.statusCode, check.body).toBe(200);
      expect(logged.filter((line) => line.includes(token))).toEqual([mailerLine]);
      expect(local.mail.received).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
