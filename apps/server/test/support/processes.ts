import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * A cluster primary's server processes: its children running the same executable (tsx's esbuild service,
 * when it runs, is a child too but another program), read from /proc (Linux: where CI and the bench run).
 */
export function serverProcessesOf(pid: number): number[] {
  const exe = (of: number | string) => readlinkSync(`/proc/${of}/exe`);
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: the comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid && exe(entry) === exe(pid)) pids.push(Number(entry));
    } catch {
      // Gone while read.
    }
  }
  return pids;
}
