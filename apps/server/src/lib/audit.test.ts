import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { admins, auditLog } from "../db/schema/index.ts";
import { changesBetween, recordAudit } from "./audit.ts";
import { newId } from "./ids.ts";

describe("changesBetween", () => {
  it("keeps only the fields that differ, before and after", () => {
    expect(
      changesBetween(
        { name: "Steam", order: 1, tags: ["a"], updatedAt: new Date(1) },
        { name: "Steam", order: 2, tags: ["a", "b"], updatedAt: new Date(2) },
      ),
    ).toEqual({ order: { before: 1, after: 2 }, tags: { before: ["a"], after: ["a", "b"] } });
  });

  it("has only `after` on a create and only `before` on a delete, without bookkeeping columns", () => {
    const row = { id: "x", adminId: "y", createdAt: new Date(0), code: "FR", paidAt: new Date(0) };
    expect(changesBetween(null, row)).toEqual({
      code: { after: "FR" },
      paidAt: { after: "1970-01-01T00:00:00.000Z" },
    });
    expect(changesBetween(row, null)).toEqual({
      code: { before: "FR" },
      paidAt: { before: "1970-01-01T00:00:00.000Z" },
    });
  });

  it("compares secrets in clear but shows them masked, with a field's own masker", () => {
    expect(
      changesBetween(
        { code: "GIFT-0000-1111", key: "{}" },
        { code: "GIFT-0000-2222", key: '{"id":"k"}' },
        {
          code: true,
          key: (text) => `masked:${text.length}`,
        },
      ),
    ).toEqual({
      code: { before: "••••1111", after: "••••2222" },
      key: { before: "masked:2", after: "masked:10" },
    });
    // A secret changed to one with the same last characters is still a change.
    expect(changesBetween({ code: "AAAA-0000-1111" }, { code: "BBBB-0000-1111" }, { code: true })).toEqual({
      code: { before: "••••1111", after: "••••1111" },
    });
  });
});

describe("recordAudit", () => {
  let database: Database;
  let adminId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    adminId = newId();
    await database.db.insert(admins).values({
      id: adminId,
      fullName: "Ann",
      username: "ann@example.com",
      passwordHash: "x",
      role: "owner",
      status: "active",
      postbackKey: "k",
    });
  });
  afterAll(() => database.close());

  const entry = (changes: Record<string, { before?: unknown; after?: unknown }>) => ({
    adminId,
    actorAdminId: adminId,
    action: "settings.mail.save" as const,
    recordType: "mailConfig" as const,
    recordId: newId(),
    changes,
  });

  it("masks any field named like a secret, whatever the caller passed", async () => {
    const written = entry({
      apiKey: { before: "key-old-0123456789", after: "key-new-0123456789" },
      postbackSecret: { after: "short" },
      passwordHash: { before: "$argon2id$v=19$abcdef" },
      domain: { after: "mg.example.com" },
    });
    await database.db.transaction((tx) => recordAudit(tx, written));
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.recordId, written.recordId));
    expect(row?.changes).toEqual({
      apiKey: { before: "••••6789", after: "••••6789" },
      postbackSecret: { after: "••••" },
      passwordHash: { before: "••••cdef" },
      domain: { after: "mg.example.com" },
    });
  });

  it("writes nothing when its transaction rolls back", async () => {
    const written = entry({ domain: { after: "x" } });
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, written);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(auditLog).where(eq(auditLog.recordId, written.recordId))).toEqual(
      [],
    );
  });

  it("writes a large bulk call in chunks", async () => {
    const rows = async () => (await database.db.select({ value: count() }).from(auditLog))[0]?.value ?? 0;
    const before = await rows();
    const entries = Array.from({ length: 1200 }, () => entry({ domain: { after: "x" } }));
    await database.db.transaction((tx) => recordAudit(tx, entries));
    expect((await rows()) - before).toBe(1200);
  });
});
