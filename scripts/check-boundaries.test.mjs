// Each rule of .dependency-cruiser.cjs catches a deliberately bad import written into the real tree for the
// length of one check, and the tree as it stands breaks none of them.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkBoundaries, formatReport } from "./check-boundaries.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const server = "apps/server/src";
const web = "apps/web/src";
const written = new Set();

/** Two existing sub-folders of `folder` (two domains, two features). */
function twoFolders(folder) {
  const names = readdirSync(join(repoRoot, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  if (names.length < 2) throw new Error(`${folder} needs two sub-folders for this test`);
  return [names[0], names[1]];
}

/**
 * Writes `files` (path relative to the repository root → content), checks the ones in `check`,
 * then removes every file it wrote. Answers the violations found in the written files.
 */
async function withProbes(files, check = Object.keys(files)) {
  try {
    for (const [path, content] of Object.entries(files)) {
      if (existsSync(join(repoRoot, path))) throw new Error(`${path} exists already`);
      written.add(path);
      writeFileSync(join(repoRoot, path), content);
    }
    const { violations } = await checkBoundaries(check);
    return violations.filter((violation) => violation.from in files);
  } finally {
    for (const path of Object.keys(files)) {
      rmSync(join(repoRoot, path), { force: true });
      written.delete(path);
    }
  }
}

const target = "export const probe = 1;\n";
const importing = (specifier) => `import { probe } from "${specifier}";\n\nexport const probed = probe;\n`;
const rulesOf = (violations) => [...new Set(violations.map((violation) => violation.rule))];

afterAll(() => {
  for (const path of written) rmSync(join(repoRoot, path), { force: true });
});

describe("boundary rules", () => {
  const [domainA, domainB] = twoFolders(`${server}/modules`);
  const [featureA, featureB] = twoFolders(`${web}/features`);

  it("no-circular: two files importing each other", async () => {
    const violations = await withProbes({
      [`${server}/lib/__boundary_probe_a.ts`]: importing("./__boundary_probe_b.ts"),
      [`${server}/lib/__boundary_probe_b.ts`]: importing("./__boundary_probe_a.ts"),
    });
    expect(rulesOf(violations)).toEqual(["no-circular"]);
  });

  it("lib-is-generic: lib importing a domain module or a plugin", async () => {
    const violations = await withProbes({
      [`${server}/lib/__boundary_probe.ts`]: `${importing("../modules/ledger/index.ts")}export { ownAdminId } from "../plugins/require-admin.ts";\n`,
    });
    expect(rulesOf(violations)).toEqual(["lib-is-generic"]);
    expect(violations.map((violation) => violation.to).sort()).toEqual([
      `${server}/modules/ledger/index.ts`,
      `${server}/plugins/require-admin.ts`,
    ]);
  });

  it("domain-public-face: a domain reaching into another domain's internals, not through its index.ts", async () => {
    const internal = `${server}/modules/${domainB}/__boundary_probe_internal.ts`;
    const violations = await withProbes(
      {
        [internal]: target,
        [`${server}/modules/${domainA}/__boundary_probe.ts`]: importing(
          `../${domainB}/__boundary_probe_internal.ts`,
        ),
        [`${server}/modules/${domainA}/__boundary_probe_own.ts`]: importing("./__boundary_probe.ts"),
        [`${server}/modules/${domainA}/__boundary_probe_index.ts`]: importing("../ledger/index.ts"),
      },
      [
        `${server}/modules/${domainA}/__boundary_probe.ts`,
        `${server}/modules/${domainA}/__boundary_probe_own.ts`,
        `${server}/modules/${domainA}/__boundary_probe_index.ts`,
      ],
    );
    expect(violations).toEqual([
      expect.objectContaining({
        rule: "domain-public-face",
        from: `${server}/modules/${domainA}/__boundary_probe.ts`,
        to: internal,
      }),
    ]);
  });

  it("domain-public-face: tests may reach another domain's internals", async () => {
    const violations = await withProbes({
      [`${server}/modules/${domainB}/__boundary_probe_internal.ts`]: target,
      [`${server}/modules/${domainA}/__boundary_probe.test.ts`]: `import type {} from "../${domainB}/__boundary_probe_internal.ts";\nimport { it } from "vitest";\n\nit("is a boundary probe", () => {});\n`,
    });
    expect(violations).toEqual([]);
  });

  it("domain-public-face-from-shell: plugins and app.ts reach a domain only through its index.ts", async () => {
    const violations = await withProbes(
      {
        [`${server}/modules/${domainB}/__boundary_probe_internal.ts`]: target,
        [`${server}/plugins/__boundary_probe.ts`]: importing(
          `../modules/${domainB}/__boundary_probe_internal.ts`,
        ),
      },
      [`${server}/plugins/__boundary_probe.ts`],
    );
    expect(rulesOf(violations)).toEqual(["domain-public-face-from-shell"]);
  });

  it("domain-internals-from-tools: the cli may reach internals (reported, not an error)", async () => {
    const violations = await withProbes(
      {
        [`${server}/modules/${domainB}/__boundary_probe_internal.ts`]: target,
        [`${server}/cli/__boundary_probe.ts`]: importing(
          `../modules/${domainB}/__boundary_probe_internal.ts`,
        ),
      },
      [`${server}/cli/__boundary_probe.ts`],
    );
    expect(violations.map(({ rule, severity }) => ({ rule, severity }))).toEqual([
      { rule: "domain-internals-from-tools", severity: "info" },
    ]);
  });

  it("web-features-isolated: a feature importing another feature", async () => {
    const violations = await withProbes(
      {
        [`${web}/features/${featureB}/__boundary_probe_target.ts`]: target,
        [`${web}/features/${featureA}/__boundary_probe.ts`]: importing(
          `../${featureB}/__boundary_probe_target.ts`,
        ),
      },
      [`${web}/features/${featureA}/__boundary_probe.ts`],
    );
    expect(rulesOf(violations)).toEqual(["web-features-isolated"]);
  });

  it("web-shared-below-features: components and lib importing a feature or app", async () => {
    const violations = await withProbes(
      {
        [`${web}/features/${featureA}/__boundary_probe_target.ts`]: target,
        [`${web}/app/__boundary_probe_target.ts`]: target,
        [`${web}/components/__boundary_probe.ts`]: importing(
          `../features/${featureA}/__boundary_probe_target.ts`,
        ),
        [`${web}/lib/__boundary_probe.ts`]: importing("../app/__boundary_probe_target.ts"),
      },
      [`${web}/components/__boundary_probe.ts`, `${web}/lib/__boundary_probe.ts`],
    );
    expect(violations.map((violation) => violation.rule)).toEqual([
      "web-shared-below-features",
      "web-shared-below-features",
    ]);
  });

  it("contract-standalone: the contract importing an app", async () => {
    const violations = await withProbes(
      {
        [`${server}/lib/__boundary_probe_target.ts`]: target,
        "packages/contract/src/__boundary_probe.ts": importing(
          "../../../apps/server/src/lib/__boundary_probe_target.ts",
        ),
      },
      ["packages/contract/src/__boundary_probe.ts"],
    );
    expect(rulesOf(violations)).toEqual(["contract-standalone"]);
  });

  it("server-web-apart: server and web importing each other", async () => {
    const violations = await withProbes(
      {
        [`${server}/lib/__boundary_probe_target.ts`]: target,
        [`${web}/lib/__boundary_probe_target.ts`]: target,
        [`${server}/lib/__boundary_probe.ts`]: importing("../../../web/src/lib/__boundary_probe_target.ts"),
        [`${web}/lib/__boundary_probe.ts`]: importing("../../../server/src/lib/__boundary_probe_target.ts"),
      },
      [`${server}/lib/__boundary_probe.ts`, `${web}/lib/__boundary_probe.ts`],
    );
    expect(violations.map((violation) => violation.rule)).toEqual(["server-web-apart", "server-web-apart"]);
  });

  it("not-to-unresolvable: an import that resolves to nothing", async () => {
    const violations = await withProbes({
      [`${server}/lib/__boundary_probe.ts`]: importing("./__boundary_probe_missing.ts"),
    });
    expect(rulesOf(violations)).toEqual(["not-to-unresolvable"]);
  });

  it("resolves the workspace package, .ts extensions and extensionless web imports", async () => {
    const violations = await withProbes({
      [`${web}/lib/__boundary_probe.ts`]: `import { messages } from "@rewards/contract";\nimport { probe } from "./__boundary_probe_target";\n\nexport const probed = [messages, probe];\n`,
      [`${web}/lib/__boundary_probe_target.ts`]: target,
    });
    expect(violations).toEqual([]);
  });

  it("npm run check:boundaries exits 1 and names the rule and the files", () => {
    const probe = `${server}/lib/__boundary_probe.ts`;
    try {
      written.add(probe);
      writeFileSync(join(repoRoot, probe), importing("../modules/ledger/index.ts"));
      const result = spawnSync(process.execPath, ["scripts/check-boundaries.mjs", probe], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toContain("✖ lib-is-generic (error, 1)");
      expect(result.stdout).toContain(`${probe} → ${server}/modules/ledger/index.ts`);
    } finally {
      rmSync(join(repoRoot, probe), { force: true });
      written.delete(probe);
    }
  });
});

describe("the tree", () => {
  it("breaks no boundary rule", async () => {
    const report = await checkBoundaries();
    const { text, errors } = formatReport(report);
    expect(errors, text).toBe(0);
  });
});
