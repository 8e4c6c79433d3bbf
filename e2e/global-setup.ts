import { ensureWebBuild } from "../scripts/lib/web-build.mjs";

/** The browser tests run the built web app as `npm start` serves it. */
export default function setup() {
  ensureWebBuild();
}
