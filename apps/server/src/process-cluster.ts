import cluster, { type Worker } from "node:cluster";

/** A worker that dies this soon after starting, this many times in a row, is not started again. */
const quickExitMs = 10_000;
const quickExitLimit = 5;

/**
 * The primary of WEB_CONCURRENCY server processes (node:cluster: the workers share the port). It starts
 * `count` workers, starts a worker again when one dies (a second later), and on SIGTERM or SIGINT asks
 * each to finish its requests and waits for all before exiting. A worker that keeps dying at start
 * (a wrong setting, the database away) stops the whole server with its code, rather than loop forever.
 */
export function runWorkers(count: number, say: (line: string) => void): void {
  let stopping = false;
  let quickExits = 0;
  const startedAt = new Map<Worker, number>();

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      // 0 after a SIGTERM; 1 when the processes kept dying at start.
      if (startedAt.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    quickExits = lived < quickExitMs ? quickExits + 1 : 0;
    if (quickExits >= quickExitLimit) {
      say(`Server processes keep exiting at start (last: code ${code}, signal ${signal}); stopping.`);
      stopping = true;
      process.exitCode = 1;
      for (const other of startedAt.keys()) other.process.kill("SIGTERM");
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    say(`Server process ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another.`);
    // Not unref'd: with every process dead, this timer is what keeps the primary alive to start one.
    setTimeout(start, 1000);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: stopping ${startedAt.size} server processes`);
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    // Each worker gives its requests 10 s; past that, the primary does not wait on a stuck one.
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let index = 0; index < count; index++) start();
}
