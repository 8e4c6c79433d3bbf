import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureWebBuild } from "../scripts/lib/web-build.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where this run keeps the data directories that each server starts from a copy of. */
    e2eDataDirs: string;
  }
}

/**
 * The browser tests run the built web app as `npm start` serves it. The prepared data directories are
 * made on first use (e2e/support/app-server.ts), so a run of one file prepares only what it needs.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDirs = await mkdtemp(join(tmpdir(), "rewards-e2e-prepared-"));
  project.provide("e2eDataDirs", dataDirs);
  return () => rm(dataDirs, { recursive: true, force: true });
}
