// npm test: lint, typecheck, boundaries and file budget, then every test (contract, server, web components,
// browser tests and the repository checks' own tests).
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureWebBuild } from "./lib/web-build.mjs";

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

run("lint", "npm", ["run", "lint"]);
run("typecheck", "npm", ["run", "typecheck"]);
run("boundaries", "npm", ["run", "check:boundaries"]);
run("file budget", "npm", ["run", "check:size"]);
run("docs links", "npm", ["run", "check:docs"]);
ensureChromium();
ensureWebBuild();
run("web bundle budgets", "node", ["scripts/check-bundle-budgets.mjs"]);
run("tests", "npx", ["vitest", "run", ...process.argv.slice(2)]);
