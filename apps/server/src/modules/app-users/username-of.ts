import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { qualified } from "../../db/qualified.ts";
import { appUsers } from "../../db/schema/index.ts";

/**
 * A row's user's e-mail, as a subquery on the users' primary key run for each row of the page. Not a join:
 * for a join PostgreSQL may put a Memoize cache in front of the users, sized from the million users it
 * expects and the work_mem, and setting up that cache cost 2–3 ms for a 10-row page whose rows took
 * 0.1 ms (at work_mem 64 MB). Every row has its user (their offers and redeems go with them).
 */
export const usernameOf = (userId: AnyPgColumn) =>
  sql<string>`(select ${qualified(appUsers.username)} from ${appUsers} where ${qualified(appUsers.id)} = ${qualified(userId)})`;
