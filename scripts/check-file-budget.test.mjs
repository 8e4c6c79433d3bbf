// A source file one line over the budget fails the check; tests are exempt; the tree as it stands passes.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { countLines, findOversized, maxLines } from "./check-file-budget.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const linesOf = (count) =>
  Array.from({ length: count }, (_, index) => `export const line${index} = ${index};\n`).join("");

/** Writes `path` with `lines` lines for the length of `check`, then removes it. */
function withProbe(path, lines, check) {
  const absolute = join(repoRoot, path);
  if (existsSync(absolute)) throw new Error(`${path} exists already`);
  try {
    writeFileSync(absolute, linesOf(lines));
    return check(path);
  } finally {
    rmSync(absolute, { force: true });
  }
}

describe("file budget", () => {
  it("counts lines as an editor shows them", () => {
    expect(countLines("")).toBe(0);
    expect(countLines("a")).toBe(1);
    expect(countLines("a\n")).toBe(1);
    expect(countLines("a\nb")).toBe(2);
    expect(countLines("a\n\n")).toBe(2);
  });

  it(`fails a source file of ${maxLines + 1} lines, naming it with its line count`, () => {
    const found = withProbe("apps/server/src/lib/__budget_probe.ts", maxLines + 1, (path) =>
      findOversized([path]),
    );
    expect(found).toEqual([{ path: "apps/server/src/lib/__budget_probe.ts", lines: maxLines + 1 }]);
  });

  it(`passes a source file of exactly ${maxLines} lines`, () => {
    const found = withProbe("apps/web/src/lib/__budget_probe.tsx", maxLines, (path) => findOversized([path]));
    expect(found).toEqual([]);
  });

  it("exempts tests: *.test.*, *.spec.* and test/ folders", () => {
    for (const path of [
      "apps/server/src/lib/__budget_probe.test.ts",
      "e2e/__budget_probe.spec.ts",
      "apps/server/test/__budget_probe.ts",
    ]) {
      expect(withProbe(path, maxLines + 1, (probe) => findOversized([probe]))).toEqual([]);
    }
  });

  it("npm run check:size exits 1 and lists the offender", () => {
    const result = withProbe("scripts/__budget_probe.mjs", maxLines + 1, (path) =>
      spawnSync(process.execPath, ["scripts/check-file-budget.mjs", path], {
        cwd: repoRoot,
        encoding: "utf8",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${maxLines + 1}  scripts/__budget_probe.mjs`);
  });
});

describe("the tree", () => {
  it(`has no source file over ${maxLines} lines`, () => {
    const oversized = findOversized();
    expect(oversized.map((file) => `${file.lines}  ${file.path}`)).toEqual([]);
  });
});
