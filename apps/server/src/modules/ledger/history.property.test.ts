import type { PointsHistoryEntry } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextReferCode, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, pointHolds } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import {
  adjustPoints,
  creditOffer,
  debitRedeem,
  pointsHistory,
  refundRedeem,
  releaseHold,
  reverseOffer,
} from "./index.ts";

// The points history's running balances against the balances themselves, under any mix of the ledger's
// rules: the newest entry's balanceAfter is the user's points and its pendingAfter their pending points,
// and each entry moves its own balance by exactly its points.

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
});
afterAll(() => t?.close());

type Operation =
  | { kind: "credit"; user: number; held: boolean; points: number; share: number }
  | { kind: "reverse"; pick: number }
  | { kind: "release"; pick: number }
  | { kind: "redeem"; user: number; points: number }
  | { kind: "refund"; pick: number }
  | { kind: "adjust"; user: number; delta: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant("credit" as const),
    user: fc.nat({ max: 1 }),
    held: fc.boolean(),
    points: fc.integer({ min: 1, max: 500 }),
    share: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("redeem" as const),
    user: fc.nat({ max: 1 }),
    points: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ kind: fc.constant("refund" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("adjust" as const),
    user: fc.nat({ max: 1 }),
    delta: fc.integer({ min: -300, max: 300 }),
  }),
);

type Offer = {
  offerId: string;
  userId: string;
  points: number;
  referrerId: string | null;
  referralPoints: number;
};

/** One run's world: two users (the first referred the second) and what was credited and redeemed. */
async function newWorld() {
  const users: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = newId();
    const code = nextReferCode();
    await t.db.insert(appUsers).values({
      id,
      adminId: a.id,
      username: `p-${id}@example.com`,
      referCode: code,
      referredBy: users[0] ?? null,
    });
    users.push(id);
  }
  return {
    users,
    offers: [] as Offer[],
    reversed: new Set<string>(),
    redeems: [] as { id: string; userId: string; points: number }[],
  };
}

type World = Awaited<ReturnType<typeof newWorld>>;

async function apply(world: World, op: Operation) {
  const appId = a.id;
  switch (op.kind) {
    case "credit": {
      const userId = world.users[op.user] as string;
      const referrerId = op.user === 1 ? (world.users[0] as string) : null;
      const offer = {
        offerId: newId(),
        userId,
        points: op.points,
        referrerId,
        referralPoints: referrerId ? op.share : 0,
      };
      const hold = op.held ? { releaseAt: new Date(Date.now() + 86_400_000), reason: "Property test" } : null;
      await t.db.transaction((tx) => creditOffer(tx, { adminId: appId, ...offer, hold }));
      world.offers.push(offer);
      return;
    }
    case "reverse": {
      const open = world.offers.filter((offer) => !world.reversed.has(offer.offerId));
      const offer = open[op.pick % Math.max(1, open.length)];
      if (!offer) return;
      await t.db.transaction((tx) => reverseOffer(tx, { adminId: appId, ...offer }));
      world.reversed.add(offer.offerId);
      return;
    }
    case "release": {
      const held = await t.db
        .select({ id: pointHolds.id })
        .from(pointHolds)
        .where(and(eq(pointHolds.appId, appId), eq(pointHolds.status, "held")))
        .orderBy(pointHolds.id);
      const hold = held[op.pick % Math.max(1, held.length)];
      if (hold) await t.db.transaction((tx) => releaseHold(tx, { appId, holdId: hold.id }));
      return;
    }
    case "redeem": {
      const redeem = { id: newId(), userId: world.users[op.user] as string, points: op.points };
      await t.db.transaction((tx) =>
        debitRedeem(tx, {
          adminId: appId,
          userId: redeem.userId,
          redeemId: redeem.id,
          points: redeem.points,
        }),
      );
      world.redeems.push(redeem);
      return;
    }
    case "refund": {
      const redeem = world.redeems.splice(op.pick % Math.max(1, world.redeems.length), 1)[0];
      if (!redeem) return;
      await t.db.transaction((tx) =>
        refundRedeem(tx, {
          adminId: appId,
          userId: redeem.userId,
          redeemId: redeem.id,
          points: redeem.points,
        }),
      );
      return;
    }
    case "adjust": {
      const userId = world.users[op.user] as string;
      if (op.delta === 0) return;
      try {
        await t.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ points: appUsers.points })
            .from(appUsers)
            .where(eq(appUsers.id, userId));
          await adjustPoints(tx, {
            adminId: appId,
            userId,
            currentPoints: row?.points ?? 0,
            delta: op.delta,
            reason: "Property test",
            actorAdminId: appId,
          });
        });
      } catch (error) {
        // Refused (409) below zero: no entry, nothing to check.
        if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
      }
      return;
    }
  }
}

async function expectRunningBalances(userId: string) {
  const answer = await pointsHistory(t.db, a.id, userId, {
    filter: {},
    sortField: "createdAt",
    sortOrder: "desc",
    pageNumber: 1,
    pageSize: 100,
  });
  const entries = answer?.entities ?? [];
  expect(answer?.totalCount).toBe(entries.length);
  const [user] = await t.db.select().from(appUsers).where(eq(appUsers.id, userId));
  const newest = entries[0];
  expect(newest?.balanceAfter ?? 0).toBe(user?.points);
  expect(newest?.pendingAfter ?? 0).toBe(user?.pendingPoints);
  const oldestFirst: PointsHistoryEntry[] = [...entries].reverse();
  let available = 0;
  let pending = 0;
  for (const entry of oldestFirst) {
    if (entry.bucket === "available") {
      expect(entry.balanceAfter).toBe(available + entry.points);
      expect(entry.pendingAfter).toBe(pending);
    } else {
      expect(entry.pendingAfter).toBe(pending + entry.points);
      expect(entry.balanceAfter).toBe(available);
    }
    available = entry.balanceAfter;
    pending = entry.pendingAfter;
  }
}

it("runs the balances after each entry up to the user's points and pending points, whatever the moves", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (operations) => {
      const world = await newWorld();
      for (const op of operations) await apply(world, op);
      for (const userId of world.users) await expectRunningBalances(userId);
    }),
    { numRuns: 40, seed: 20261126 },
  );
});
