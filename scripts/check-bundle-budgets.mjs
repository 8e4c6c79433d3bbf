// The web app's JavaScript budgets (docs/performance.md), checked against the Vite build by `npm test`:
// the sign-in page ≤ 200 KB gzip, the signed-in shell ≤ 350 KB gzip, every screen's own chunk ≤ 150 KB gzip.
// Sizes come from the build's manifest (dist/.vite/manifest.json): a page's JavaScript is the entry
// chunk and every chunk it imports statically, plus the lazy route modules the page loads at once.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = fileURLToPath(new URL("../apps/web/dist", import.meta.url));
const manifestPath = join(dist, ".vite/manifest.json");
const kb = 1024;
export const budgets = { signIn: 200 * kb, shell: 350 * kb, screen: 150 * kb };

// The route modules each page loads (src/router.tsx): the sign-in page is the auth layout and the login
// form; the signed-in shell is the dashboard frame every screen shows inside.
const signInModules = ["src/app/shell/auth-layout.tsx", "src/features/auth/components/login-form.tsx"];
const shellModules = ["src/app/shell/dashboard-shell.tsx"];

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: build the web app (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
};

/** The JavaScript files a set of manifest entries load at once: each one and its static imports. */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: update scripts/check-bundle-budgets.mjs`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const format = (bytes) => `${(bytes / kb).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error("the build manifest has no entry chunk");
const checks = [
  { name: "sign-in page", bytes: total(closure([entry, ...signInModules])), budget: budgets.signIn },
  { name: "signed-in shell", bytes: total(closure([entry, ...shellModules])), budget: budgets.shell },
];
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && chunk.file.endsWith(".js")) {
    checks.push({ name: `screen ${key}`, bytes: gzipSize(chunk.file), budget: budgets.screen });
  }
}

const over = checks.filter((check) => check.bytes > check.budget);
for (const check of checks.slice(0, 2)) {
  console.log(`${check.name}: ${format(check.bytes)} gzip (budget ${format(check.budget)})`);
}
const biggest = checks.slice(2).sort((a, b) => b.bytes - a.bytes)[0];
if (biggest) {
  console.log(
    `${checks.length - 2} screen chunks, the biggest ${biggest.name.slice(7)}: ${format(biggest.bytes)} gzip (budget ${format(budgets.screen)} each)`,
  );
}
if (over.length > 0) {
  for (const check of over)
    console.error(`✖ ${check.name}: ${format(check.bytes)} gzip is over ${format(check.budget)}`);
  process.exit(1);
}
