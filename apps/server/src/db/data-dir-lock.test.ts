import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rewards-lock-"));
  lockFile = join(dir, "rewards.lock");
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A process that is alive for the length of a test, standing in for another server. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  if (!child.pid) throw new Error("could not start a child process");
  return child.pid;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  if (!pid) throw new Error("could not start a child process");
  return pid;
}

describe("lockDataDir", () => {
  it("creates the directory and a lock file holding this pid and the owner", () => {
    const nested = join(dir, "not", "yet");
    const release = lockDataDir(nested, "the test");
    expect(readFileSync(join(nested, "rewards.lock"), "utf8")).toBe(`${process.pid}\nthe test\n`);
    release();
  });

  it("refuses a directory locked by a live process, naming the directory and the holder", () => {
    const pid = liveProcess();
    writeFileSync(lockFile, `${pid}\nthe Rewards Admin server\n`);
    let thrown: unknown;
    try {
      lockDataDir(dir, "the test");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const message = (thrown as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`the Rewards Admin server (pid ${pid})`);
    // The other process's lock stays in place.
    expect(readFileSync(lockFile, "utf8")).toBe(`${pid}\nthe Rewards Admin server\n`);
  });

  it("takes over a lock left by a process that no longer exists", () => {
    writeFileSync(lockFile, `${deadPid()}\nthe Rewards Admin server\n`);
    const release = lockDataDir(dir, "the test");
    expect(readFileSync(lockFile, "utf8")).toBe(`${process.pid}\nthe test\n`);
    release();
  });

  it("takes over a lock file with no readable pid", () => {
    writeFileSync(lockFile, "garbage");
    const release = lockDataDir(dir, "the test");
    expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });

  it("removes the lock file on release, so the next process can lock", () => {
    const release = lockDataDir(dir, "the test");
    expect(existsSync(lockFile)).toBe(true);
    release();
    expect(existsSync(lockFile)).toBe(false);
    // Releasing twice is harmless.
    release();
    lockDataDir(dir, "the next one")();
  });
});
