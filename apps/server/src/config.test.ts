import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
      publicUrl: "http://localhost:3000",
      jwtSecret: undefined,
      tokenTtlSeconds: 43_200,
      logLevel: "info",
      platformMail: undefined,
    });
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
