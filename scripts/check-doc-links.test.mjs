// The documentation check: a clean fixture passes, each kind of bad reference fails naming file and line,
// and the repository itself passes.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkDocLinks } from "./check-doc-links.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const script = join(repoRoot, "scripts", "check-doc-links.mjs");

/** A small tree whose every reference resolves. */
const goodTree = {
  "README.md": [
    "# Fixture",
    "![screen](docs/images/screen.png) [features](docs/features/README.md) [web](https://example.com/x.md)",
    "See docs/glossary.md and [decision 0001](docs/decisions/0001-first.md).",
  ].join("\n"),
  "docs/images/screen.png": "",
  "docs/glossary.md": "# Glossary\n\n[Top](#glossary) [features](features/README.md#pages)\n",
  "docs/decisions/0001-first.md": "# 0001. First\n\nStatus: accepted\n",
  "docs/decisions/README.md": "| [0001](0001-first.md) | First |\n",
  "docs/features/README.md": [
    "# Features",
    "[a](a.md) [why](../decisions/0001-first.md) [glossary](../glossary.md 'Glossary')",
    "Each page is docs/features/<domain>.md; records are docs/decisions/0001-….",
    "```",
    "[not a link](missing.md) inside a code block",
    "```",
    "`[not a link either](missing.md)`",
  ].join("\n"),
  "docs/features/a.md": "# A\n",
  "apps/server/src/a.ts": [
    "// The rule is in docs/features/a.md (decision 0001); see docs/decisions/0001-first.md.",
    'const docsUrl = "/api/docs/json"; // not a docs/ path of ours',
    'const site = "https://example.com/docs/missing";',
    "export const addIssue = () => docsUrl + site;",
  ].join("\n"),
  "apps/server/node_modules/x/index.ts": "// SPEC 5 in a dependency is not ours",
  "apps/web/dist/x.mjs": "// issue 3 in a build is not ours",
};

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes the good tree plus `extra` files into a fresh folder; answers its path. */
function fixture(extra = {}) {
  const root = mkdtempSync(join(tmpdir(), "doc-links-"));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...goodTree, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const run = (root) => spawnSync(process.execPath, [script, root], { encoding: "utf8" });

describe("check:docs", () => {
  it("passes a tree whose every reference resolves", () => {
    const root = fixture();
    expect(checkDocLinks(root)).toEqual([]);
    const result = run(root);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.each([
    [
      "(a) a docs/ path that does not exist",
      { "apps/server/src/b.ts": "\n// See docs/features/missing.md for the rule." },
      "apps/server/src/b.ts:2",
      "docs/features/missing.md does not exist",
    ],
    [
      "(a) a docs/ folder of a pattern that does not exist",
      { "e2e/c.spec.ts": "// One page per domain: docs/pages/<domain>.md" },
      "e2e/c.spec.ts:1",
      "docs/pages/<",
    ],
    [
      "(b) a decision number without a record",
      { "packages/contract/src/d.ts": "/** Held while pending (decision 0042). */" },
      "packages/contract/src/d.ts:1",
      "decision 0042 has no record",
    ],
    [
      "(b) a decision path without a record",
      { "docs/features/e.md": "# E\n\nWhy: docs/decisions/0007-later.md" },
      "docs/features/e.md:3",
      "decision 0007 has no record",
    ],
    [
      "(c) a SPEC section",
      { "apps/web/src/f.tsx": "/** The list's columns (SPEC 2.5). */" },
      "apps/web/src/f.tsx:1",
      "cites SPEC",
    ],
    [
      "(c) a DECISIONS section",
      { "scripts/g.mjs": '// Secrets are masked (DECISIONS "Secrets in settings").' },
      "scripts/g.mjs:1",
      "cites DECISIONS",
    ],
    [
      "(c) ARCHITECTURE",
      { "bench/h.ts": "// Every modal has a URL (ARCHITECTURE)." },
      "bench/h.ts:1",
      "cites ARCHITECTURE",
    ],
    [
      "(c) a tracker number",
      { "apps/server/test/i.test.ts": 'it("counts at scale (issue 10)", () => {});' },
      "apps/server/test/i.test.ts:1",
      "cites a tracker number",
    ],
    [
      "(c) a citation in the docs themselves",
      { "docs/features/j.md": "# J\n\nAs SPEC 9 says." },
      "docs/features/j.md:3",
      "cites SPEC",
    ],
    [
      "(d) a relative link in docs/ that does not resolve",
      { "docs/features/k.md": "# K\n\n[the ledger](ledger.md#rules)" },
      "docs/features/k.md:3",
      "link target ledger.md#rules does not exist",
    ],
    [
      "(d) a relative link in README.md that does not resolve",
      { "README.md": "# Fixture\n\n[ops](docs/operations.md)" },
      "README.md:3",
      "link target docs/operations.md does not exist",
    ],
  ])("fails %s, naming file and line", (_, extra, where, message) => {
    const result = run(fixture(extra));
    expect(result.status).toBe(1);
    const lines = result.stderr.split("\n").filter((text) => text.startsWith(`${where}:`));
    expect(
      lines.some((text) => text.includes(message)),
      result.stderr,
    ).toBe(true);
  });

  it("passes on this repository", () => {
    const result = run(repoRoot);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
