import { messages } from "@rewards/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { profile, register } from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { admins } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("makes exactly one of 5 simultaneous first registrations the owner", async () => {
  const emails = Array.from({ length: 5 }, (_, i) => `racer${i}@rewards.test`);
  const responses = await Promise.all(emails.map((email) => register(t.app, email)));

  const winners = responses.filter((response) => response.statusCode === 200);
  const waiting = responses.filter((response) => response.statusCode === 403);
  expect(winners).toHaveLength(1);
  expect(waiting).toHaveLength(4);
  for (const response of waiting) expect(response.json().message).toBe(messages.accountPending);

  const me = await profile(t.app, winners[0]?.json().accessToken);
  expect(me.statusCode).toBe(200);
  expect(me.json().role).toBe("owner");

  const rows = await t.db.select().from(admins);
  expect(rows).toHaveLength(5);
  const owners = rows.filter((row) => row.role === "owner");
  expect(owners).toHaveLength(1);
  expect(owners[0]).toMatchObject({ username: me.json().username, status: "active" });
  expect(rows.filter((row) => row.status === "pending")).toHaveLength(4);
});
