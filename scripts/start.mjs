// npm start: build what is not built, then run the server (API and web app) in this process.
import { register } from "tsx/esm/api";
import { ensureWebBuild } from "./lib/web-build.mjs";

ensureWebBuild();
register();
await import("../apps/server/src/server.ts");
