// Architecture boundaries, checked by `npm run check:boundaries` (part of `npm test`).
// Paths are relative to the repository root; `$1` in a `to` refers to the first group of the `from` path.

const serverSrc = "^apps/server/src/";
const modules = `${serverSrc}modules/`;
const test = "(\\.test\\.tsx?$|^apps/server/test/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Import cycles make load order fragile and blur which module is below which. Break the cycle.",
      severity: "error",
      from: { path: "^(apps|packages|e2e|bench|scripts)/" },
      to: { circular: true },
    },
    {
      name: "lib-is-generic",
      comment:
        "apps/server/src/lib is generic infrastructure: it must not import domain modules or Fastify plugins. " +
        "Move the code that needs them into the module or plugin, or take what it needs as an argument.",
      severity: "error",
      from: { path: `${serverSrc}lib/` },
      to: { path: `${serverSrc}(modules|plugins)/` },
    },
    {
      name: "domain-public-face",
      comment:
        "A domain module imports another domain only through that domain's index.ts (its public face). " +
        "Export what you need from modules/<domain>/index.ts. Tests may reach internals.",
      severity: "error",
      from: { path: `${modules}([^/]+)/`, pathNot: test },
      to: { path: modules, pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`] },
    },
    {
      name: "domain-public-face-from-shell",
      comment:
        "The server shell (app.ts, server.ts, config.ts, db/, plugins/) imports a domain module only through " +
        "its index.ts. Tests may reach internals.",
      severity: "error",
      from: {
        path: `${serverSrc}(app\\.ts|server\\.ts|config\\.ts|db/|plugins/)`,
        pathNot: test,
      },
      to: { path: modules, pathNot: `${modules}[^/]+/index\\.ts$` },
    },
    {
      name: "domain-internals-from-tools",
      comment:
        "Allowed: the command-line tools, the seed and the benchmark may reach domain internals. Reported " +
        "for information only.",
      severity: "info",
      from: { path: `(${serverSrc}(cli|seed)/|^bench/)`, pathNot: test },
      to: { path: modules, pathNot: `${modules}[^/]+/index\\.ts$` },
    },
    {
      name: "web-features-isolated",
      comment:
        "A web feature must not import another feature. Move what both need to components/ or lib/, " +
        "or compose the features in app/.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-below-features",
      comment:
        "apps/web/src/components and apps/web/src/lib are shared: they must not import features or app.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "contract-standalone",
      comment: "The contract package is shared by server and web: it must not import either app.",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "server-web-apart",
      comment: "The server and the web app never import each other: share through @rewards/contract.",
      severity: "error",
      from: { path: "^apps/(server|web)/" },
      to: { path: "^apps/(server|web)/", pathNot: "^apps/$1/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that cannot be resolved: a typo, or a resolution setting this check is missing.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|coverage|data)/" },
    // Type-only imports count too: they tie modules together as much as value imports do.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".mts", ".d.mts", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
