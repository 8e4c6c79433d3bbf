import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { fastifyTrustProxy } from "./lib/trust-proxy.ts";

/** The ConfigError loadConfig throws for env; fails the test when it throws none. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      trustProxy: false,
      dataDir: "./data",
      databaseUrl: undefined,
      databasePoolSize: 10,
      requestConcurrency: 20,
      requestQueueTimeoutMs: 10_000,
      publicUrl: "http://localhost:3000",
      jwtSecret: undefined,
      tokenTtlSeconds: 43_200,
      logLevel: "info",
      platformMail: undefined,
    });
  });

  it("works on twice the pool's connections at once unless REQUEST_CONCURRENCY says otherwise", () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: "6" }).requestConcurrency).toBe(12);
    expect(loadConfig({ DATABASE_POOL_SIZE: "6", REQUEST_CONCURRENCY: "50" }).requestConcurrency).toBe(50);
  });

  it("builds the default public URL from PORT, and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://rewards.example.com/" }).publicUrl).toBe(
      "https://rewards.example.com",
    );
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ PORT: "", TOKEN_TTL: "", PUBLIC_URL: "" })).toMatchObject({
      port: 3000,
      tokenTtlSeconds: 43_200,
      publicUrl: "http://localhost:3000",
    });
  });

  it.each([
    ["30m", 1800],
    ["12h", 43_200],
    ["3600s", 3600],
    ["3600", 3600],
    ["2d", 172_800],
  ])("reads TOKEN_TTL %s as %i seconds", (value, seconds) => {
    expect(loadConfig({ TOKEN_TTL: value }).tokenTtlSeconds).toBe(seconds);
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["TOKEN_TTL", { TOKEN_TTL: "soon" }],
    ["TOKEN_TTL", { TOKEN_TTL: "10s" }],
    ["PUBLIC_URL", { PUBLIC_URL: "not a url" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["JWT_SECRET", { JWT_SECRET: "short" }],
    ["METRICS_TOKEN", { METRICS_TOKEN: "too-short" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "0" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "two" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "3" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "many" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "2.5" }],
    ["REQUEST_CONCURRENCY", { REQUEST_CONCURRENCY: "0" }],
    ["REQUEST_CONCURRENCY", { REQUEST_CONCURRENCY: "lots" }],
    ["REQUEST_QUEUE_TIMEOUT_MS", { REQUEST_QUEUE_TIMEOUT_MS: "50" }],
    ["REQUEST_QUEUE_TIMEOUT_MS", { REQUEST_QUEUE_TIMEOUT_MS: "10s" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/rewards" }],
    ["PLATFORM_MAILGUN_DOMAIN", { PLATFORM_MAILGUN_DOMAIN: "mg.example.com" }],
  ])("names %s when it is wrong (%j)", (name, env) => {
    const error = configError(env);
    expect(error.message).toMatch(new RegExp(`^\\s*${name}:`, "m"));
  });

  it("names only the wrong variable", () => {
    const error = configError({ PORT: "abc", LOG_LEVEL: "debug", TOKEN_TTL: "1h" });
    expect(error.message).toContain("PORT");
    expect(error.message).not.toContain("LOG_LEVEL");
    expect(error.message).not.toContain("TOKEN_TTL");
  });

  it("takes the platform mail settings when all three are set", () => {
    const config = loadConfig({
      PLATFORM_MAILGUN_DOMAIN: "mg.example.com",
      PLATFORM_MAILGUN_API_KEY: "key-123",
      PLATFORM_MAIL_FROM: "Rewards <no-reply@example.com>",
    });
    expect(config.platformMail).toEqual({
      domain: "mg.example.com",
      apiKey: "key-123",
      from: "Rewards <no-reply@example.com>",
      baseUrl: "https://api.mailgun.net",
    });
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["10.0.0.5", ["10.0.0.5"]],
    [" 10.0.0.0/8 , fd00::/8,192.168.1.7 ", ["10.0.0.0/8", "fd00::/8", "192.168.1.7"]],
    ["2001:DB8::1", ["2001:db8::1"]],
    ["loopback", ["loopback"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
    ["1", 1],
    ["2", 2],
  ])("reads %j as %j", (value, trustProxy) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(["true", "TRUE", "yes", "on", "all", "*"])(
    "refuses %j, which would trust any client's X-Forwarded-For, and says what to write",
    (value) => {
      const message = configError({ TRUST_PROXY: value }).message;
      expect(message).toMatch(/^\s*TRUST_PROXY: .*any client choose its own IP address/m);
      expect(message).toContain("addresses or CIDR ranges");
      expect(message).toContain("number of proxies");
    },
  );

  it.each([
    ["an address with a typo", "10.0.0.256"],
    ["a host name", "proxy.internal"],
    ["a prefix too long for IPv4", "10.0.0.0/33"],
    ["a prefix too long for IPv6", "fd00::/129"],
    ["a netmask instead of a prefix", "10.0.0.0/255.0.0.0"],
    ["a trailing comma", "10.0.0.5,"],
    ["every IPv4 address", "0.0.0.0/0"],
    ["every IPv6 address", "10.0.0.5,::/0"],
    ["too many hops", "11"],
  ])("refuses %s (%j), naming the variable", (_, value) => {
    expect(configError({ TRUST_PROXY: value }).message).toMatch(/^\s*TRUST_PROXY: /m);
  });

  it("gives Fastify a hop count as a check that only a private-network peer is the first proxy", () => {
    const trust = fastifyTrustProxy(1);
    if (typeof trust !== "function") throw new Error("a hop count must become a function");
    for (const peer of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.2",
      "192.168.0.9",
      "::1",
      "fd12::1",
      "::ffff:10.0.0.1",
    ]) {
      expect(trust(peer, 0), peer).toBe(true);
    }
    for (const peer of ["203.0.113.9", "8.8.8.8", "2001:db8::1", "::ffff:203.0.113.9", "garbage"]) {
      expect(trust(peer, 0), peer).toBe(false);
    }
    // One proxy: the address it appended is the client, whatever stands further left.
    expect(trust("198.51.100.7", 1)).toBe(false);
    expect(
      fastifyTrustProxy(2) instanceof Function && (fastifyTrustProxy(2) as typeof trust)("198.51.100.7", 1),
    ).toBe(true);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(["10.0.0.5"])).toEqual(["10.0.0.5"]);
  });
});
