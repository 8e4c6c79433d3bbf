import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The CSP as a map of directive → sources. */
function cspOf(header: unknown): Map<string, string[]> {
  const directives = String(header ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(directives.map(([name, ...sources]) => [name as string, sources]));
}

describe("security headers (plain http, no proxy)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ outbox: false });
  });
  afterAll(() => t.close());

  it.each([
    ["an API answer", "/healthz"],
    ["an API error", "/api/profile/me"],
    ["an unknown path", "/no/such/page"],
  ])("%s carries a CSP without inline scripts that forbids framing", async (_, url) => {
    const response = await t.app.inject({ method: "GET", url });
    const csp = cspOf(response.headers["content-security-policy"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    // Nothing anywhere lets inline or evaluated script run.
    expect(String(response.headers["content-security-policy"])).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("sends no HSTS over plain http, and ignores X-Forwarded-Proto from an untrusted client", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const spoofed = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("HSTS behind https", () => {
  it("is sent on every answer when PUBLIC_URL is https", async () => {
    const t = await startTestApp({ outbox: false, env: { PUBLIC_URL: "https://rewards.example.com" } });
    try {
      for (const url of ["/healthz", "/api/profile/me"]) {
        const response = await t.app.inject({ method: "GET", url });
        expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      }
    } finally {
      await t.close();
    }
  });

  it("is sent when a trusted proxy says the request came over https, and only then", async () => {
    const t = await startTestApp({ outbox: false, env: { TRUST_PROXY: "10.0.0.10" } });
    try {
      const viaHttps = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "10.0.0.10",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(viaHttps.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      const viaHttp = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "10.0.0.10",
        headers: { "x-forwarded-proto": "http" },
      });
      expect(viaHttp.headers["strict-transport-security"]).toBeUndefined();
      // A client that is not the proxy cannot say so.
      const spoofed = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "203.0.113.5",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
