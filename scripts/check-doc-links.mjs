// npm run check:docs: the code and the docs point only at documentation that exists in this repository.
// Fails, listing file:line, when
//   (a) a `docs/...` path that is mentioned does not exist;
//   (b) a decision number that is cited ("decision 0004", docs/decisions/0004-…) has no record;
//   (c) a line cites a document kept outside the repository, or a tracker number, instead of docs/;
//   (d) a relative Markdown link in docs/ or README.md does not resolve.
// Scans apps, packages, e2e, scripts and bench (ts, tsx, mts, cts, mjs, cjs; not node_modules or builds),
// docs/**/*.md and README.md. `node scripts/check-doc-links.mjs [root]` checks another tree (the tests').
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const codeRoots = ["apps", "packages", "e2e", "scripts", "bench"];
const codeFile = /\.(ts|tsx|mts|cts|mjs|cjs)$/;
const skippedFolders = new Set([
  "node_modules",
  "dist",
  "coverage",
  "data",
  "test-results",
  "playwright-report",
]);
/** This check and its test hold the forbidden patterns and broken fixtures on purpose. */
const selfFiles = new Set(["scripts/check-doc-links.mjs", "scripts/check-doc-links.test.mjs"]);

/** A `docs/…` path: not the tail of a URL or of another path (`/api/docs/json`, `https://x/docs/`). */
const docsPath = /(?<![\w./@:-])docs\/[\w./-]*/g;
/** "decision 0004", "Decision 0012" */
const decisionNumber = /\bdecisions?\s+(\d{4})\b/gi;
/** docs/decisions/0004… or decisions/0004… */
const decisionPath = /\bdecisions\/(\d{4})(?!\d)/g;

/** Documents kept outside the repository, which code and docs must not cite. */
const outsideDocuments = ["SPEC", "DECISIONS", "ARCHITECTURE"];
const citations = [
  ...outsideDocuments.map((word) => ({
    pattern: new RegExp(`\\b${word}\\b`),
    why: `cites ${word}, a document outside the repository: point at docs/ (a feature page or a decision)`,
  })),
  {
    pattern: /\bissues?\s*#?\d+/i,
    why: "cites a tracker number: point at docs/ (a feature page or a decision) instead",
  },
];

/** A Markdown link or image: [text](target), [text](target "title") or [text](target 'title'). */
const markdownLink = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;

function* walk(folder) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) yield* walk(path);
    } else if (entry.isFile()) {
      yield path;
    }
  }
}

/** The files the check reads, relative to root with forward slashes. */
export function filesToCheck(root) {
  const files = [];
  for (const folder of codeRoots) {
    for (const path of walk(join(root, folder))) if (codeFile.test(path)) files.push(path);
  }
  for (const path of walk(join(root, "docs"))) if (path.endsWith(".md")) files.push(path);
  if (existsSync(join(root, "README.md"))) files.push(join(root, "README.md"));
  return files
    .map((path) => relative(root, path).split(sep).join("/"))
    .filter((path) => !selfFiles.has(path))
    .sort();
}

/** The decision numbers that have a record: docs/decisions/NNNN-<slug>.md. */
function decisionRecords(root) {
  const folder = join(root, "docs", "decisions");
  if (!existsSync(folder)) return new Set();
  return new Set(
    readdirSync(folder)
      .map((name) => /^(\d{4})-.+\.md$/.exec(name)?.[1])
      .filter(Boolean),
  );
}

const trimTrailing = (path) => path.replace(/[.,;:]+$/, "");
/** What starts a placeholder right after a path: docs/features/<domain>.md, docs/decisions/0004-… */
const placeholderStart = /^[…<{*$[]$/;

/** Removes `inline code` spans, so a link shown as code is not followed. */
const withoutInlineCode = (line) => line.replace(/`[^`]*`/g, "");

/**
 * Every problem in the tree at `root`, as { file, line, message }: file relative to root, line 1-based.
 */
export function checkDocLinks(root) {
  const problems = [];
  const decisions = decisionRecords(root);
  const report = (file, line, message) => problems.push({ file, line, message });

  for (const file of filesToCheck(root)) {
    const isMarkdown = file.endsWith(".md");
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    let inFence = false;
    lines.forEach((text, index) => {
      const line = index + 1;
      if (isMarkdown && /^\s*(```|~~~)/.test(text)) inFence = !inFence;

      // (a) docs/… paths
      for (const match of text.matchAll(docsPath)) {
        const path = trimTrailing(match[0]);
        const next = text[(match.index ?? 0) + match[0].length] ?? "";
        // A pattern such as docs/features/<domain>.md or docs/decisions/0004-…: its folder must exist.
        const exists = placeholderStart.test(next)
          ? existsSync(join(root, dirname(`${path}x`)))
          : existsSync(join(root, path));
        if (!exists) report(file, line, `${path}${placeholderStart.test(next) ? next : ""} does not exist`);
      }

      // (b) decision numbers
      for (const pattern of [decisionNumber, decisionPath]) {
        for (const match of text.matchAll(pattern)) {
          if (!decisions.has(match[1])) {
            report(file, line, `decision ${match[1]} has no record in docs/decisions/ (NNNN-<slug>.md)`);
          }
        }
      }

      // (c) citations of documents outside the repository, or of tracker numbers
      for (const { pattern, why } of citations) {
        const found = pattern.exec(text);
        if (found) report(file, line, `"${found[0]}": ${why}`);
      }

      // (d) relative Markdown links
      if (isMarkdown && !inFence) {
        for (const match of withoutInlineCode(text).matchAll(markdownLink)) {
          const target = match[1];
          if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue;
          const path = decodeURIComponent(target.replace(/[#?].*$/, ""));
          if (path === "") continue;
          if (!existsSync(resolve(join(root, dirname(file)), path))) {
            report(file, line, `link target ${target} does not exist`);
          }
        }
      }
    });
  }
  return problems;
}

function main() {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
  const problems = checkDocLinks(root);
  if (problems.length === 0) {
    console.log(`Docs check: ${filesToCheck(root).length} files, every reference resolves.`);
    return;
  }
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  const files = new Set(problems.map((problem) => problem.file)).size;
  console.error(`\n✖ ${problems.length} documentation problems in ${files} files.`);
  console.error("  Cite docs/features/<domain>.md, docs/decisions/NNNN-<slug>.md or docs/glossary.md.");
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
