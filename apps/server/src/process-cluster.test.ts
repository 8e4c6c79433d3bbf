import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rewards-concurrency-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("refuses WEB_CONCURRENCY above 1 on the embedded database, saying why, before opening it", async () => {
  const run = promisify(execFile)(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, WEB_CONCURRENCY: "2", PORT: "0", LOG_LEVEL: "silent" },
    timeout: 60_000,
  });
  const failure = (await run.catch((error: unknown) => error)) as { code?: number; stderr?: string };
  expect(failure.code).toBe(1);
  expect(failure.stderr).toContain(
    "WEB_CONCURRENCY=2 asks for 2 server processes, and the embedded database serves one process only. " +
      "Set DATABASE_URL to a PostgreSQL database, or unset WEB_CONCURRENCY.",
  );
  expect(existsSync(join(dataDir, "pglite"))).toBe(false);
});
