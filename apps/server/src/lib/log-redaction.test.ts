import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { logsSecretOnPurpose, redactionOptions, redactText, redactUrl } from "./log-redaction.ts";

describe("redactUrl", () => {
  it.each([
    [
      "/postback/pbk_123/cpxresearch?user_id=u1&trans_id=t1&secure_hash=abc",
      "/postback/[redacted]/cpxresearch?user_id=u1&trans_id=t1&secure_hash=[redacted]",
    ],
    ["/postback/pbk_123", "/postback/[redacted]"],
    ["/postback/k/ogads?secret=s3&payout=1", "/postback/[redacted]/ogads?secret=[redacted]&payout=1"],
    // A postback parameter we do not know is hidden too: a network may name its signature anything.
    [
      "/postback/k/adgemow?user_id=u&sig2=zzz&s1=private",
      "/postback/[redacted]/adgemow?user_id=u&sig2=[redacted]&s1=[redacted]",
    ],
    ["/api/users/auth/reset/tok123", "/api/users/auth/reset/[redacted]"],
    ["/auth/reset/tok123?x=1", "/auth/reset/[redacted]?x=1"],
    ["/api/profile/me?access_token=eyJ.x.y&page=2", "/api/profile/me?access_token=[redacted]&page=2"],
    [
      "/x?api-key=1&API_KEY=2&Signature=3&verifier=4&hash=5&password=6",
      "/x?api-key=[redacted]&API_KEY=[redacted]&Signature=[redacted]&verifier=[redacted]&hash=[redacted]&password=[redacted]",
    ],
    ["/x?secure%5Fhash=abc", "/x?secure%5Fhash=[redacted]"],
    ["/api/reward/countries?page=2&sort=name", "/api/reward/countries?page=2&sort=name"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("redactText", () => {
  it("hides URL secrets, bearer credentials and tokens inside free text", () => {
    const text =
      'Reply was already sent in "/postback/KEY1/ogads?secret=S1" (GET); fetch https://api.ipdata.co/1.2.3.4?api-key=K1 failed; ' +
      "Authorization: Bearer abc.def.ghi; Basic YXBpOmtleQ==; token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    const out = redactText(text);
    for (const secret of ["KEY1", "S1", "K1", "abc.def.ghi", "YXBpOmtleQ==", "eyJhbGciOiJIUzI1NiJ9"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("/postback/[redacted]/ogads?secret=[redacted]");
    expect(out).toContain("1.2.3.4?api-key=[redacted]");
  });
});

describe("the redacting logger", () => {
  function logger() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { log: pino({ level: "trace", ...redactionOptions }, stream), text: () => lines.join("") };
  }

  it("cleans messages, fields, errors (message, stack and cause) and headers, in child loggers too", () => {
    const { log, text } = logger();
    const child = log.child({ reqId: "r1" });
    child.info("Route GET:/auth/reset/TOKEN1 not found");
    child.info("%s failed", "/postback/KEY2/ogads");
    child.warn(
      { reason: "Mailgun answered 401 for https://x.test/?api_key=K3", nested: { url: "/postback/KEY4/x" } },
      "mail",
    );
    const cause = new Error("upstream /api/users/auth/reset/TOKEN5");
    child.error(
      { err: new Error("GET /postback/KEY6/bitlabs?hash=H7 failed", { cause }) },
      "unhandled error",
    );
    child.error(new Error("lost /postback/KEY8/x"));
    child.info(
      { headers: { authorization: "Bearer SESSION9", "x-app-key": "APPKEY10", accept: "json" } },
      "headers",
    );
    child.info({ password: "PASSWORD11", user: { password: "PASSWORD12" } }, "body");
    const out = text();
    for (const secret of [
      "TOKEN1",
      "KEY2",
      "K3",
      "KEY4",
      "TOKEN5",
      "KEY6",
      "H7",
      "KEY8",
      "SESSION9",
      "APPKEY10",
      "PASSWORD11",
      "PASSWORD12",
    ]) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain('"reqId":"r1"');
    expect(out).toContain('"accept":"json"');
    expect(out).toContain("/postback/[redacted]/bitlabs?hash=[redacted] failed");
  });

  it("hides the values a failed database statement was given", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const { log, text } = logger();
    const failed = new DrizzleQueryError(
      "select * from admins where postback_key = $1",
      ["POSTBACKKEY14"],
      new Error("connection lost"),
    );
    log.warn({ err: failed }, "database unavailable");
    log.error(failed);
    expect(text()).not.toContain("POSTBACKKEY14");
    expect(text()).toContain("where postback_key = $1");
  });

  it("writes the log mailer's message as it is: with no mail configured the log is how the link arrives", () => {
    const { log, text } = logger();
    log.warn(
      { mail: { to: "a@b.test" }, [logsSecretOnPurpose]: true },
      "Open http://x.test/auth/reset/TOKEN13",
    );
    expect(text()).toContain("/auth/reset/TOKEN13");
  });
});
