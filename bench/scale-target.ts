/** What the scale benches (api, load, exports) read from the environment, and the tenant they measure. */
import type pg from "pg";
import { firstRow } from "./cases.ts";

/** DATABASE_URL (the PostgreSQL `npm run seed -- --scale` filled), the administrator, where results go. */
export function scaleTarget() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error("DATABASE_URL is required: the PostgreSQL that `npm run seed -- --scale` filled");
  const password = process.env.BENCH_PASSWORD ?? "";
  if (!password)
    throw new Error("BENCH_PASSWORD is required: the password the scale seed printed (or was given)");
  return {
    databaseUrl,
    email: process.env.BENCH_EMAIL ?? "scale@rewards.local",
    password,
    resultsDir: process.env.BENCH_RESULTS_DIR ?? new URL("./results", import.meta.url).pathname,
    /** Added to the results' file names (BENCH_LABEL). */
    label: process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "",
  };
}

/** The scale administrator's id (their app's), or a message saying to seed first. */
export async function scaleAdminId(pool: pg.Pool, email: string): Promise<string> {
  const admin = await firstRow<{ id: string }>(pool, "select id from admins where username = $1", [email]);
  if (!admin) throw new Error(`no administrator ${email}: run npm run seed -- --scale first`);
  return admin.id;
}
