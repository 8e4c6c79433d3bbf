import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const builtIndex = join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "packages/contract/src"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Builds the web app when its build is missing or older than any of its sources. */
export function ensureWebBuild() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? "The web app changed since its last build: building it…" : "Building the web app…");
  // Always a production build: inside a test runner NODE_ENV is "test", which would bundle React's
  // development build and break the bundle budgets.
  const result = spawnSync("npm", ["run", "build", "-w", "@rewards/web"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The web app did not build; see the messages above.");
    process.exit(result.status ?? 1);
  }
}
