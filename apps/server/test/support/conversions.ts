import type { OfferNetwork } from "@rewards/contract";
import type { Db } from "../../src/db/client.ts";
import { readPayoutSettings, readUserHistory } from "../../src/modules/payouts/index.ts";
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
  const conversion = {
    kind: c.kind ?? "credit",
    userId: c.userId,
    transactionId: c.tx,
    offerKey: c.tx,
    targetTransactionId: c.tx,
    payoutUsd: c.payoutUsd ?? 1,
    offerName: "Test offer",
    ip: null,
    singleUseSignature: null,
  } as const;
  const history = await readUserHistory(db, { appId: c.adminId, userId: c.userId }, rules.holdSettings);
  return (
    (await creditAtOnce(db, rules, conversion, history)) ??
    db.transaction((tx) => applyConversion(tx, rules, conversion, history))
  );
}
