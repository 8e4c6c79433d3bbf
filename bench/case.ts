import type { HttpMethod } from "@rewards/contract";
import type { Db } from "../apps/server/src/db/client.ts";

/** One call `npm run bench` times. */
export type Case = {
  group: string;
  name: string;
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** The same call made through the server's service, for EXPLAIN. */
  service?: (db: Db) => Promise<unknown>;
};
