import type { OfferNetwork } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { appUsers, payoutSettings } from "../../src/db/schema/index.ts";
import {
  offerHistory,
  readPayoutSettings,
  toHistory,
  type UserHistory,
  windowStart,
} from "../../src/modules/payouts/index.ts";
import { applyConversion, creditAtOnce, type Rules } from "../../src/modules/postbacks/apply-conversion.ts";

// Conversions applied as a verified postback applies them: the app's hold rules and the user's history read
// first, as a postback reads them with its tenant; a new credit in one statement, the rest in a transaction
// (the ledger and hold tests are not about signatures or the log: the postback tests are).

export type TestConversion = {
  adminId: string;
  userId: string;
  tx: string;
  payoutUsd?: number;
  points?: number;
  network?: OfferNetwork;
  referrerId?: string | null;
  referralPoints?: number;
  kind?: "credit" | "pending" | "reversal";
};

/**
 * The user's history as the hold rules see it, read as a postback's tenant read reads it (offerHistory over
 * the window of the app's saved rules).
 */
export async function readUserHistory(db: Db, appId: string, userId: string): Promise<UserHistory> {
  const [row] = await userHistoryQuery(db, appId, userId);
  return toHistory(row?.createdAt, row?.offers ?? null);
}

/** The read readUserHistory runs, for a test that looks at its plan. */
export function userHistoryQuery(db: Db, appId: string, userId: string) {
  return db
    .select({
      createdAt: appUsers.createdAt,
      offers: offerHistory(appUsers.adminId, appUsers.id, windowStart(payoutSettings.reversalHold)),
    })
    .from(appUsers)
    .leftJoin(payoutSettings, eq(payoutSettings.appId, appUsers.adminId))
    .where(and(eq(appUsers.adminId, appId), eq(appUsers.id, userId)));
}

/** A verified conversion of `tx` for a user (a credit of $1 by default), as a postback parses one. */
export const conversionOf = (
  userId: string,
  tx: string,
  { payoutUsd = 1, kind = "credit" }: { payoutUsd?: number; kind?: TestConversion["kind"] } = {},
) => ({
  kind,
  userId,
  transactionId: tx,
  offerKey: tx,
  targetTransactionId: tx,
  payoutUsd,
  offerName: "Test offer",
  ip: null,
  singleUseSignature: null,
});

/** Applies one conversion (a credit by default; `reversal` takes back the transaction `tx`). */
export async function convert(db: Db, c: TestConversion) {
  const { holdRules, reversalHold } = await readPayoutSettings(db, c.adminId);
  const rules: Rules = {
    adminId: c.adminId,
    network: c.network ?? "adgateow",
    points: c.points ?? 100,
    referrerId: c.referrerId ?? null,
    referralPoints: c.referralPoints ?? 0,
    holdSettings: { holdRules, reversalHold },
  };
  const conversion = conversionOf(c.userId, c.tx, { payoutUsd: c.payoutUsd ?? 1, kind: c.kind ?? "credit" });
  const history = await readUserHistory(db, c.adminId, c.userId);
  return (
    (await creditAtOnce(db, rules, conversion, history)) ??
    db.transaction((tx) => applyConversion(tx, rules, conversion, history))
  );
}
