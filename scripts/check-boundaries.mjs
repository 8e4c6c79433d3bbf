// npm run check:boundaries: the architecture boundaries of .dependency-cruiser.cjs, grouped by rule.
// `node scripts/check-boundaries.mjs <file>...` checks only those files' own imports.
// Exits 1 when any rule of severity "error" is broken; "info" findings are listed but allowed.
import { relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";

export const roots = ["apps", "packages", "e2e", "bench", "scripts"];
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Cruises `files` (default: the whole tree) and answers the violations with the rules' comments.
 * @param {string[]} [files] paths relative to the repository root
 */
export async function checkBoundaries(files = []) {
  const options = await extractDepcruiseOptions(
    fileURLToPath(new URL("../.dependency-cruiser.cjs", import.meta.url)),
  );
  const result = await cruise(files.length > 0 ? files : roots, {
    ...options,
    baseDir: repoRoot,
    outputType: "json",
    // Checking given files: follow only those, so their cycles show and the rest of the tree is not cruised.
    ...(files.length > 0
      ? { doNotFollow: { path: ["node_modules", `^(?!(${files.map(escapeRegExp).join("|")})$)`] } }
      : {}),
  });
  const { summary } = JSON.parse(/** @type {string} */ (result.output));
  const comments = new Map(summary.ruleSetUsed.forbidden.map((rule) => [rule.name, rule.comment]));
  return {
    violations: summary.violations.map((violation) => ({
      rule: violation.rule.name,
      severity: violation.rule.severity,
      from: violation.from,
      to: violation.cycle ? violation.cycle.map((step) => step.name).join(" → ") : violation.to,
    })),
    comments,
    modules: summary.totalCruised,
  };
}

/** Human-readable report, one block per rule. */
export function formatReport({ violations, comments, modules }) {
  const lines = [];
  const byRule = new Map();
  for (const violation of violations)
    byRule.set(violation.rule, [...(byRule.get(violation.rule) ?? []), violation]);
  for (const [rule, found] of byRule) {
    const severity = found[0]?.severity ?? "error";
    lines.push(`\n${severity === "error" ? "✖" : "ℹ"} ${rule} (${severity}, ${found.length})`);
    lines.push(`  ${comments.get(rule) ?? ""}`);
    for (const violation of found) lines.push(`    ${violation.from} → ${violation.to}`);
  }
  const errors = violations.filter((violation) => violation.severity === "error").length;
  lines.push(
    errors > 0
      ? `\n✖ ${errors} boundary violation(s) in ${modules} modules.`
      : `\n✔ no boundary violations in ${modules} modules.`,
  );
  return { text: lines.join("\n"), errors };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2).map((file) => relative(repoRoot, resolve(file)).split(sep).join("/"));
  const { text, errors } = formatReport(await checkBoundaries(files));
  console.log(text);
  process.exit(errors > 0 ? 1 : 0);
}
