// npm run check:size: no source file over 400 lines. Split a long file by responsibility.
// Tests are exempt (*.test.*, *.spec.*, anything under a test/ folder), and so is every file in `exempt`.
// `node scripts/check-file-budget.mjs <file>...` checks only those files.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const maxLines = 400;
export const roots = ["apps", "packages", "e2e", "scripts", "bench"];
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const sourceFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const testFile = /(\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test\/)/;
const skippedFolders = new Set([
  "node_modules",
  "dist",
  "coverage",
  "data",
  "test-results",
  "playwright-report",
]);

/**
 * Generated source files allowed over the budget, with the reason. None today: the Drizzle migrations
 * are SQL and their snapshots (apps/server/src/db/migrations/meta) are JSON, so neither is counted.
 * @type {Map<string, string>}
 */
export const exempt = new Map();

function* walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) yield* walk(path);
    } else if (entry.isFile()) {
      yield path;
    }
  }
}

/** Number of lines as an editor shows them (a final newline does not start another line). */
export function countLines(text) {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

/**
 * Source files over the budget, longest first.
 * @param {string[]} [files] paths relative to the repository root (default: every file under `roots`)
 */
export function findOversized(files) {
  const candidates =
    files && files.length > 0
      ? files
      : roots.flatMap((root) => [...walk(join(repoRoot, root))].map((path) => relative(repoRoot, path)));
  return candidates
    .map((path) => path.split(sep).join("/"))
    .filter((path) => sourceFile.test(path) && !testFile.test(path) && !exempt.has(path))
    .map((path) => ({ path, lines: countLines(readFileSync(join(repoRoot, path), "utf8")) }))
    .filter((file) => file.lines > maxLines)
    .sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const oversized = findOversized(process.argv.slice(2).map((file) => relative(repoRoot, resolve(file))));
  if (oversized.length === 0) {
    console.log(`✔ no source file over ${maxLines} lines.`);
  } else {
    console.log(
      `✖ ${oversized.length} source file(s) over ${maxLines} lines (split them by responsibility):`,
    );
    for (const file of oversized) console.log(`    ${file.lines}  ${file.path}`);
    process.exit(1);
  }
}
