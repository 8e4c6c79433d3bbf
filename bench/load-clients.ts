/**
 * The load runs' clients (`npm run bench:load`, and the load sections of `npm run bench`): many keep-alive
 * clients in a closed loop, every answer timed, the servers' RSS and CPU and the machine's read from /proc.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { percentile } from "./measure.ts";

/** A process's resident memory in MB, from /proc (undefined once it has gone). */
export function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Linux's clock ticks a second in /proc (USER_HZ, 100 on every mainstream kernel). */
const ticksPerSecond = 100;

/** CPU seconds a process has used, user and system (0 once it has gone), from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy (every CPU, every process), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] =
      readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
      ticksPerSecond
    );
  } catch {
    return 0;
  }
}

/** One request of a load run; `kind` is the row of the results it counts in. */
export type LoadRequest = {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Told how the request ended: undefined for a 2xx answer, else what went wrong. */
  done?: (error: string | undefined) => void;
};

export type KindStats = {
  kind: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx answers and requests without one (socket errors, 10 s timeouts). */
  errors: number;
  /** What the errors were: HTTP statuses and socket error codes, with their counts. */
  errorKinds: Record<string, number>;
};

function stats(kind: string, times: number[], errorKinds: Map<string, number>, seconds: number): KindStats {
  times.sort((a, b) => a - b);
  let errors = 0;
  for (const count of errorKinds.values()) errors += count;
  return {
    kind,
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    errors,
    errorKinds: Object.fromEntries(errorKinds),
  };
}

/** The window a run's pace is counted in (ClientsRun.pacePerSecond). */
export const paceWindowSeconds = 5;

/**
 * `clients` concurrent clients for `seconds`, each on its own keep-alive connection, sending what
 * `next` gives one after another (a closed loop: a client waits for its answer before the next). Every
 * request is timed from before it is written to its answer's last byte, and all of them are kept: the
 * percentiles are exact. Answers are read and dropped, never parsed, to keep the client cheap. A request
 * still in flight at the end is waited for and counted. `pids` names the server processes whose RSS is
 * sampled every 200 ms.
 */
export async function runClients({
  url,
  clients,
  seconds,
  next,
  pids = () => [],
  agent: given,
}: {
  url: string;
  clients: number;
  seconds: number;
  next: () => LoadRequest;
  pids?: () => number[];
  /** Keep-alive connections to reuse (a warm-up's); by default new ones, closed at the end. */
  agent?: http.Agent;
}) {
  const target = new URL(url);
  const agent = given ?? new http.Agent({ keepAlive: true, maxSockets: clients });
  const send = (request: LoadRequest) =>
    new Promise<string | undefined>((resolve) => {
      const headers = { ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      const call = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers,
          timeout: 10_000,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on("end", () => resolve(status >= 200 && status < 300 ? undefined : `HTTP ${status}`));
          response.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
          response.resume();
        },
      );
      call.on("timeout", () => call.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
      call.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      call.end(request.body);
    });

  const byKind = new Map<string, { times: number[]; errors: Map<string, number> }>();
  const rss = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) {
      const mb = rssMb(pid);
      if (mb !== undefined) rss.set(pid, Math.max(rss.get(pid) ?? 0, mb));
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = new Map(pids().map((pid) => [pid, processCpuSeconds(pid)]));
  const machineBefore = machineBusySeconds();
  const deadline = started + seconds * 1000;
  // Answers finished in each window of `paceWindowSeconds`: how the pace moved during the run.
  const pace: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const request = next();
        const sent = performance.now();
        const error = await send(request);
        const finished = performance.now();
        const ms = finished - sent;
        const window = Math.floor((finished - started) / (paceWindowSeconds * 1000));
        pace[window] = (pace[window] ?? 0) + 1;
        request.done?.(error);
        const kind = byKind.get(request.kind) ?? { times: [], errors: new Map<string, number>() };
        byKind.set(request.kind, kind);
        kind.times.push(ms);
        if (error) kind.errors.set(error, (kind.errors.get(error) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = pids().map((pid) => processCpuSeconds(pid) - (serverCpuBefore.get(pid) ?? 0));
  const machineBusy = machineBusySeconds() - machineBefore;
  clearInterval(timer);
  sample();
  if (!given) agent.destroy();
  const kinds = [...byKind].map(([kind, k]) => stats(kind, k.times, k.errors, elapsed));
  const allErrors = new Map<string, number>();
  for (const k of byKind.values())
    for (const [error, count] of k.errors) allErrors.set(error, (allErrors.get(error) ?? 0) + count);
  const overall = stats(
    "all",
    [...byKind.values()].flatMap((k) => k.times),
    allErrors,
    elapsed,
  );
  // CPU milliseconds a request: the server processes', this client's, and the whole machine's (PostgreSQL
  // is most of the rest), so a run says where its CPUs went.
  const perRequest = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, overall.requests);
  const cpuMsPerRequest = {
    server: perRequest(serverCpu.reduce((a, b) => a + b, 0)),
    client: perRequest((cpu.user + cpu.system) / 1e6),
    machine: perRequest(machineBusy),
  };
  return {
    seconds: elapsed,
    clients,
    kinds,
    overall,
    rssMaxMb: [...rss.values()],
    cpuMsPerRequest,
    /** Answers a second in each whole window of paceWindowSeconds (the last, cut short, left out). */
    pacePerSecond: Array.from(pace.slice(0, Math.floor(elapsed / paceWindowSeconds)), (count) =>
      Math.round((count ?? 0) / paceWindowSeconds),
    ),
  };
}

export type ClientsRun = Awaited<ReturnType<typeof runClients>>;

/** A load run's results as a Markdown table: a row per kind, in `order`, then all requests together. */
export function loadTable(run: ClientsRun, order: string[]): string[] {
  const ms = (value: number) => value.toFixed(1);
  const kinds = [...run.kinds].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const what = (k: KindStats) =>
    k.errors
      ? ` (${Object.entries(k.errorKinds)
          .map(([error, n]) => `${error}: ${n}`)
          .join(", ")})`
      : "";
  return [
    "| Kind | Requests | Requests/s | p50 ms | p95 ms | p99 ms | max ms | Errors |",
    "|---|---|---|---|---|---|---|---|",
    ...[...kinds, run.overall].map(
      (k) =>
        `| ${k.kind === "all" ? "**all**" : k.kind} | ${k.requests} | ${k.perSecond.toFixed(0)} | ${ms(k.p50)} | ` +
        `${ms(k.p95)} | ${ms(k.p99)} | ${ms(k.max)} | ${k.errors}${what(k)} |`,
    ),
  ];
}
