import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { admins } from "../db/schema/index.ts";
import { newId } from "../lib/ids.ts";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const tsx = join(repoRoot, "node_modules", ".bin", "tsx");

let dataDir: string;

/** Runs a CLI script as an operator would, on the test's own embedded database. */
function run(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [`apps/server/src/cli/${script}`, ...args], { cwd: repoRoot, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "rewards-cli-"));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

// One data directory for the whole file: each step builds on the one before, and every spawn costs seconds.
describe("seed and admin commands", () => {
  it("seed --demo creates the demo owner and prints its password once", async () => {
    const result = await run("seed.ts", ["--demo"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/demo@rewards\.local with the password [\w-]{16} /);
  });

  it("admin list shows the demo owner as the active owner", async () => {
    const result = await run("admin.ts", ["list"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^active\s+owner\s+demo@rewards\.local\s+\(Demo Owner\)$/m);
  });

  it("admin disable refuses the owner and exits non-zero", async () => {
    const result = await run("admin.ts", ["disable", "demo@rewards.local"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The owner cannot disable itself.");
  });

  it("stops with a clear message while another process holds the data directory", async () => {
    // The test process opens the database as the server would, which takes the lock.
    const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }), "the test process");
    try {
      const result = await run("admin.ts", ["list"]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(
        `The data directory ${dataDir} is in use by the test process (pid ${process.pid})`,
      );
      // The holder's lock is left alone.
      expect(readFileSync(join(dataDir, "rewards.lock"), "utf8")).toBe(`${process.pid}\nthe test process\n`);

      // A pending account for the next step, written while the test holds the database.
      await database.db.insert(admins).values({
        id: newId(),
        fullName: "Pat Pending",
        username: "pat.pending@rewards.test",
        passwordHash: "not-used-here",
        role: "admin",
        status: "pending",
      });
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, "rewards.lock"))).toBe(false);
  });

  it("admin approve activates a pending account, whatever the e-mail's case", async () => {
    const result = await run("admin.ts", ["approve", "Pat.Pending@rewards.test"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("pat.pending@rewards.test is now active.");
  });
});
