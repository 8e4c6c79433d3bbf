/**
 * `npm run bench:exports` (docs/performance.md): one CSV export of about 1,000,000 completed offers through the
 * real HTTP endpoint, against the PostgreSQL that `npm run seed -- --scale` filled. Budget: the last byte within
 * 30 s, and the server's RSS under 300 MB all along.
 *
 *   DATABASE_URL=postgres://… BENCH_EMAIL=scale@rewards.local BENCH_PASSWORD=… npm run bench:exports
 *
 * It starts the server itself (a child process, its RSS read from /proc/<pid>/status every 100 ms), or measures
 * one already running (BENCH_URL, and BENCH_SERVER_PID for its memory). The export is the offers list with the
 * filter whose row count is nearest above BENCH_EXPORT_ROWS (default 1,000,000): no filter when the tenant holds
 * up to 1.5 times that, else one network (the scale data set spreads 10,000,000 offers over 8 networks, so
 * about 1,250,000 rows). Writes bench/results/<date>-exports.md (BENCH_RESULTS_DIR, BENCH_LABEL change where).
 * Exits 1 when a budget is missed, unless BENCH_GATE=off (a small size, where the figures mean little).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { exportEndpoints, pathOf } from "@rewards/contract";
import pg from "pg";
import { firstRow } from "./cases.ts";
import { rssMb } from "./load-clients.ts";
import { scaleAdminId, scaleTarget } from "./scale-target.ts";
import { signIn, startServer } from "./server.ts";

const { databaseUrl, email, password, resultsDir, label } = scaleTarget();
const target = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const gate = process.env.BENCH_GATE !== "off";
const budgets = { seconds: 30, rssMb: 300 };

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

/** The offers filter nearest above the target: none, or one network. */
async function pickFilter(adminId: string): Promise<{ filter: Record<string, string>; rows: number }> {
  const { rows } = await pool.query<{ network: string; n: string }>(
    "select network, count(*) as n from completed_offers where admin_id = $1 group by network order by 2",
    [adminId],
  );
  const all = rows.reduce((sum, row) => sum + Number(row.n), 0);
  if (all <= target * 1.5) return { filter: {}, rows: all };
  const network = rows.find((row) => Number(row.n) >= target) ?? rows.at(-1);
  return { filter: network ? { network: network.network } : {}, rows: Number(network?.n ?? all) };
}

async function main() {
  const adminId = await scaleAdminId(pool, email);
  const offers = await firstRow<{ n: string }>(
    pool,
    "select count(*) as n from completed_offers where admin_id = $1",
    [adminId],
  );
  const version = await firstRow<{ server_version: string }>(pool, "show server_version");
  const picked = await pickFilter(adminId);
  const server = await startServer();
  const samples: number[] = [];
  const sample = () => {
    const mb = server.pid ? rssMb(server.pid) : undefined;
    if (mb !== undefined) samples.push(mb);
  };
  try {
    const token = await signIn(server.url, email, password);
    const definition = exportEndpoints.offers;
    const body = { queryParams: { filter: picked.filter, sortField: "date", sortOrder: "desc" } };
    console.log(
      `exporting offers ${JSON.stringify(picked.filter)}: ${picked.rows.toLocaleString("en")} rows…`,
    );
    sample();
    const timer = setInterval(sample, 100);
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    let status = 0;
    try {
      const response = await fetch(`${server.url}${pathOf(definition)}`, {
        method: definition.method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      status = response.status;
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines += 1;
      }
    } finally {
      clearInterval(timer);
      sample();
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = Math.max(0, lines - 1);
    const rssMax = samples.length ? Math.max(...samples) : undefined;
    const failures: string[] = [];
    if (status !== 200) failures.push(`HTTP ${status}`);
    if (rows !== picked.rows) failures.push(`${rows} rows received, ${picked.rows} expected`);
    if (seconds > budgets.seconds) failures.push(`${seconds.toFixed(1)} s to the last byte`);
    if (rssMax === undefined) failures.push("the server's RSS could not be read (BENCH_SERVER_PID)");
    else if (rssMax >= budgets.rssMb) failures.push(`server RSS ${rssMax.toFixed(0)} MB`);
    const ok = (pass: boolean) => (pass ? "✓" : "✗ over budget");
    const n = (value: number) => value.toLocaleString("en");
    const date = new Date().toISOString().slice(0, 10);
    const report = [
      `# Export benchmark ${new Date().toISOString()}`,
      "",
      `Data: ${n(Number(offers?.n ?? 0))} completed offers in one tenant (${email}); PostgreSQL ${version?.server_version}.`,
      `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} at the end (the CPUs are shared: timings are noisy).`,
      `Call: ${definition.method} ${definition.path}, filter ${JSON.stringify(picked.filter)}, sort date desc, ` +
        "over HTTP on 127.0.0.1; the server is a child process (with the heap flags of npm start), its RSS read " +
        "from /proc/<pid>/status every 100 ms.",
      "",
      `Budgets: the last byte within ${budgets.seconds} s; server RSS < ${budgets.rssMb} MB.`,
      "",
      `**${failures.length === 0 ? "All budgets met." : `${failures.length} budget(s) missed:`}**`,
      ...failures.map((f) => `- ${f}`),
      "",
      "| HTTP | Rows | MB | First byte s | Last byte s | Rows/s | RSS start MB | RSS max MB | Budget |",
      "|---|---|---|---|---|---|---|---|---|",
      `| ${status} | ${n(rows)} | ${(bytes / 2 ** 20).toFixed(0)} | ${(firstByteMs / 1000).toFixed(2)} | ` +
        `${seconds.toFixed(1)} | ${n(Math.round(rows / seconds))} | ${samples[0]?.toFixed(0) ?? "?"} | ` +
        `${rssMax?.toFixed(0) ?? "?"} | ${ok(failures.length === 0)} |`,
      "",
    ];
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${date}${label}-exports.md`);
    writeFileSync(file, report.join("\n"));
    console.log(report.slice(-4, -1).join("\n"));
    console.log(`\nWrote ${file}`);
    if (failures.length > 0) {
      console.log(`Budgets missed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
      if (gate) process.exitCode = 1;
    } else console.log("All budgets met.");
  } finally {
    server.child?.kill("SIGTERM");
    await pool.end();
  }
}

await main();
