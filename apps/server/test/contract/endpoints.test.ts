import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import {
  allEndpoints,
  apiDocsPath,
  apiPrefix,
  appApiPrefix,
  endpoint,
  endpointKey,
  isApiPath,
  memberRoles,
  type Permission,
  roleGrants,
  teamPermissions,
  webhooksPrefix,
} from "@rewards/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { assertRouteInContract, route } from "../../src/lib/route.ts";
import { requireAdmin } from "../../src/plugins/require-admin.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const repoRoot = join(import.meta.dirname, "../../../..");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
});
afterAll(() => t.close());

describe("the contract owns every endpoint", () => {
  it("the server serves exactly the contract's endpoints", () => {
    const served = t.app.routeTable
      .filter((registered) => isApiPath(registered.url) && !registered.url.startsWith(apiDocsPath))
      .map((registered) => `${registered.method} ${registered.url}`)
      .sort();
    const defined = allEndpoints().map(endpointKey).sort();
    expect(served).toEqual(defined);
    expect(new Set(defined).size, "an endpoint is defined twice").toBe(defined.length);
  });

  it("a route registered by hand under an API path stops the server at start-up", async () => {
    const app = Fastify();
    app.addHook("onRoute", (registered) => assertRouteInContract(registered, () => false));
    expect(() => app.get("/api/stray", async () => ({}))).toThrow(
      "GET /api/stray has no definition in the contract",
    );
    await app.close();
  });

  it("a route that claims a definition must serve its method and path", async () => {
    const app = Fastify();
    app.addHook("onRoute", (registered) => assertRouteInContract(registered, () => false));
    const stray = endpoint({
      method: "GET",
      path: "/api/one",
      permission: "app.read",
      tags: ["test"],
      summary: "One",
    });
    expect(() => app.get("/api/other", { config: { endpoint: stray } }, async () => ({}))).toThrow(
      "GET /api/other has no definition in the contract",
    );
    await app.close();
  });

  it("a definition is served under its own path, whatever the plugin's prefix", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook("onRoute", (registered) => assertRouteInContract(registered, () => false));
    const one = endpoint({
      method: "GET",
      path: "/api/one",
      permission: "app.read",
      tags: ["test"],
      summary: "One",
      responses: { 200: z.object({ ok: z.boolean() }) },
    });
    await app.register(async (scoped) => route(scoped, one, async () => ({ ok: true })), { prefix: "/api" });
    expect((await app.inject({ method: "GET", url: "/api/one" })).json()).toEqual({ ok: true });
    await app.close();
  });
});

describe("every endpoint says who may call it", () => {
  const callersOf = (path: string): readonly Permission[] =>
    path.startsWith(`${appApiPrefix}/`)
      ? ["appKey", "appUser"]
      : path.startsWith("/postback/")
        ? ["network"]
        : path.startsWith(`${webhooksPrefix}/`)
          ? ["provider"]
          : path.startsWith(`${apiPrefix}/`)
            ? [...teamPermissions, "account", "installation", "signedOut"]
            : ["signedOut"];

  it("each names a permission that fits its API", () => {
    const misfits = allEndpoints()
      .filter((definition) => !callersOf(definition.path).includes(definition.permission))
      .map((definition) => `${endpointKey(definition)}: ${definition.permission}`);
    expect(misfits).toEqual([]);
  });

  it("a dashboard call behind the administrator's token refuses a permission meant for others", async () => {
    const app = Fastify();
    app.decorateRequest("admin", null);
    // Registering routes never reaches the auth service: only a request would.
    requireAdmin(app, {} as never);
    const mobile = endpoint({
      method: "GET",
      path: "/api/mobile",
      permission: "appUser",
      tags: ["t"],
      summary: "M",
    });
    expect(() => route(app, mobile, async (_request, reply) => reply.send())).toThrow(
      "/api/mobile is behind the administrator's token but its permission is appUser",
    );
    await app.close();
  });

  it("the matrix in docs/features/team.md is the contract's", async () => {
    const page = await readFile(join(repoRoot, "docs/features/team.md"), "utf8");
    const documented = Object.fromEntries(memberRoles.map((role) => [role, [] as string[]]));
    for (const line of page.split("\n")) {
      // | `permission` | what it allows | owner | admin | support | viewer |
      const cells = line.split("|").map((cell) => cell.trim());
      const permission = /^`([\w.]+)`$/.exec(cells[1] ?? "")?.[1];
      const marks = cells.slice(3, 3 + memberRoles.length);
      if (!permission || cells.length !== memberRoles.length + 4) continue;
      memberRoles.forEach((role, index) => {
        if (marks[index] === "Y") documented[role]?.push(permission);
      });
    }
    expect(documented).toEqual(Object.fromEntries(memberRoles.map((role) => [role, [...roleGrants[role]]])));
  });
});

/** Source files of the server and the web (tests excepted), relative to the repository. */
async function sourceFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(repoRoot, folder), { withFileTypes: true, recursive: true })) {
    const path = relative(repoRoot, join(entry.parentPath, entry.name));
    if (!entry.isFile() || !/\.(ts|tsx|mjs)$/.test(entry.name)) continue;
    if (/\.test\.tsx?$/.test(entry.name) || /(^|\/)(test|node_modules|dist)\//.test(path)) continue;
    found.push(path);
  }
  return found;
}

it("no API path is written outside the contract: the server and the web take them from its definitions", async () => {
  const offending: string[] = [];
  for (const file of [...(await sourceFiles("apps/server/src")), ...(await sourceFiles("apps/web/src"))]) {
    const lines = (await readFile(join(repoRoot, file), "utf8")).split("\n");
    lines.forEach((line, index) => {
      const comment = /^\s*(\/\/|\*|\/\*)/.test(line);
      if (!comment && /["'`]\/(api|app\/v1)\//.test(line))
        offending.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(offending).toEqual([]);
});
