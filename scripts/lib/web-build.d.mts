/** Builds the web app when its build is missing or older than any of its sources. */
export function ensureWebBuild(): void;
