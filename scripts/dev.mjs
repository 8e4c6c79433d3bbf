// npm run dev: the server restarting on change (port 3000) and Vite's dev server with hot reload (port 5173).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/server.ts"], {
    stdio: "inherit",
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn("npm", ["run", "dev", "-w", "@rewards/web"], { stdio: "inherit" }),
];
console.log("Open http://localhost:5173 (Vite, hot reload); the API runs on http://localhost:3000.");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
