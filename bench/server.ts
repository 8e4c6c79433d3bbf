/** The server `npm run bench` measures: started on DATABASE_URL (or one already running), and signed in to. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { authEndpoints, pathOf, systemEndpoints } from "@rewards/contract";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts the server on DATABASE_URL unless BENCH_URL names a running one; answers its URL and pid. */
export async function startServer(): Promise<{ url: string; pid?: number; child?: ChildProcess }> {
  if (process.env.BENCH_URL) {
    const pid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : undefined;
    return { url: process.env.BENCH_URL.replace(/\/$/, ""), pid };
  }
  const port = await freePort();
  const root = new URL("..", import.meta.url).pathname;
  // The heap limit npm start sets (package.json): without it V8 lets the heap grow to ~150 MB of
  // garbage under load before collecting, and RSS passes 300 MB.
  const nodeFlags = ["--max-old-space-size=256", "--import", "tsx"];
  const child = spawn(process.execPath, [...nodeFlags, "apps/server/src/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DEMO_DATA: "off" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}${pathOf(systemEndpoints.health)}`)).ok) return { url, pid: child.pid, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start within 60 s");
}

/** Signs in as the administrator; answers the access token. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const login = authEndpoints.login;
  const response = await fetch(`${url}${pathOf(login)}`, {
    method: login.method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; message?: string };
  if (!body.accessToken) throw new Error(`sign-in as ${email} failed: ${response.status} ${body.message}`);
  return body.accessToken;
}
