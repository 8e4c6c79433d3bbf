import type { HoldRule, ReversalHold } from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { appUsers, completedOffers } from "../../db/schema/index.ts";
import type { CreditHold } from "../ledger/index.ts";
import { flagUsers } from "../risk/index.ts";
import type { HoldSettings } from "./payout-settings.ts";

const dayMs = 86_400_000;

/** What the rules look at: the credit being made. */
export type CreditFacts = {
  appId: string;
  userId: string;
  /** The completed offer being credited (left out of the user's history). */
  offerId: string;
  network: string;
  payoutUsd: number;
};

/** The user's history the rules look at, as of the credit. */
export type UserHistory = {
  /** US dollars of the user's earlier credited offers. */
  lifetimeUsd: number;
  accountAgeDays: number;
  /** Offers of the user ever reversed. */
  reversals: number;
  /** Offers credited or reversed within the reversal hold's window, and how many of them were reversed. */
  windowOffers: number;
  windowReversed: number;
};

const dollars = (value: number) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;

/** A rule in words, e.g. "Rule 1: $3+ from users under $100 earned, 14 days". */
export function describeRule(rule: HoldRule, index: number): string {
  const parts: string[] = [];
  if (rule.network) parts.push(rule.network);
  if (rule.minPayoutUsd !== null) parts.push(`${dollars(rule.minPayoutUsd)}+`);
  if (rule.maxLifetimeUsd !== null) parts.push(`from users under ${dollars(rule.maxLifetimeUsd)} earned`);
  if (rule.maxAccountAgeDays !== null) parts.push(`accounts under ${rule.maxAccountAgeDays} days old`);
  if (rule.minReversals !== null) parts.push(`users with ${rule.minReversals}+ reversals`);
  return `Rule ${index + 1}: ${parts.length ? parts.join(" ") : "every credit"}, ${rule.holdDays} days`;
}

/** Every condition the rule sets holds for this credit (null = any). */
export function ruleMatches(
  rule: HoldRule,
  credit: Pick<CreditFacts, "network" | "payoutUsd">,
  history: UserHistory,
) {
  return (
    (rule.network === null || rule.network === credit.network) &&
    (rule.minPayoutUsd === null || credit.payoutUsd >= rule.minPayoutUsd) &&
    (rule.maxLifetimeUsd === null || history.lifetimeUsd < rule.maxLifetimeUsd) &&
    (rule.maxAccountAgeDays === null || history.accountAgeDays < rule.maxAccountAgeDays) &&
    (rule.minReversals === null || history.reversals >= rule.minReversals)
  );
}

/** The reversal rate (percent) when it puts credits on hold, else null. */
export function reversalRateOver(hold: ReversalHold | null, history: UserHistory): number | null {
  if (!hold || history.windowOffers < hold.minOffers || history.windowOffers === 0) return null;
  const rate = (history.windowReversed / history.windowOffers) * 100;
  return rate > hold.ratePercent ? rate : null;
}

type Decision = { days: number; reason: string; reversals: boolean } | null;

/**
 * The hold a credit gets: the first matching rule's, and the reversal-rate hold's when the user's rate is
 * over the threshold; the longer of the two wins. Null: available at once.
 */
export function decideHold(
  settings: HoldSettings,
  credit: Pick<CreditFacts, "network" | "payoutUsd">,
  history: UserHistory,
): Decision {
  const index = settings.holdRules.findIndex((rule) => ruleMatches(rule, credit, history));
  const rule = settings.holdRules[index];
  const byRule: Decision = rule
    ? { days: rule.holdDays, reason: describeRule(rule, index), reversals: false }
    : null;
  const rate = reversalRateOver(settings.reversalHold, history);
  const byRate: Decision =
    rate !== null && settings.reversalHold
      ? {
          days: settings.reversalHold.holdDays,
          reason: `Reversal rate ${Math.round(rate)}% over ${settings.reversalHold.windowDays} days`,
          reversals: true,
        }
      : null;
  if (byRule && byRate) return byRate.days > byRule.days ? byRate : { ...byRule, reversals: true };
  return byRule ?? byRate;
}

type Rows<T> = { rows: T[] };

/** The history's columns as PostgreSQL answers them (historyQuery). */
export type HistoryRow = {
  created_at: string | Date | null;
  lifetime: number | string;
  reversals: number;
  window_offers: number;
  window_reversed: number;
};

/** Whether the app's rules look at a credit's history at all (no rules: every credit is available). */
export const rulesNeedHistory = (settings: HoldSettings) =>
  settings.holdRules.length > 0 || Boolean(settings.reversalHold);

/** How far back the reversal rate looks. */
const windowDaysOf = (settings: HoldSettings) => settings.reversalHold?.windowDays ?? 30;

/**
 * The user's history as one row: the account's creation and one pass over the user's own completed
 * offers (index (admin_id, user_id, date, id)), `excludeOfferId` (the credit being made) left out. A
 * postback reads it in the statement that stores its offer, which sees the offers stored before it.
 */
export function historyQuery(
  credit: Pick<CreditFacts, "appId" | "userId">,
  settings: HoldSettings,
  excludeOfferId?: string,
) {
  const since = new Date(Date.now() - windowDaysOf(settings) * dayMs);
  return sql`select
      (select ${appUsers.createdAt} from ${appUsers}
        where ${appUsers.adminId} = ${credit.appId} and ${appUsers.id} = ${credit.userId}) as created_at,
      coalesce(sum(payout) filter (where status = 'credited'), 0)::float8 as lifetime,
      count(*) filter (where status = 'reversed')::int as reversals,
      count(*) filter (where status in ('credited', 'reversed') and date >= ${since})::int as window_offers,
      count(*) filter (where status = 'reversed' and date >= ${since})::int as window_reversed
    from ${completedOffers}
    where admin_id = ${credit.appId} and user_id = ${credit.userId}${
      excludeOfferId === undefined ? sql`` : sql` and id <> ${excludeOfferId}`
    }`;
}

/** The credit's history in a statement of its own, the credit being made (stored already) left out. */
async function historyOf(tx: Tx, credit: CreditFacts, settings: HoldSettings): Promise<UserHistory> {
  const result = (await tx.execute(
    historyQuery(credit, settings, credit.offerId),
  )) as unknown as Rows<HistoryRow>;
  return toHistory(result.rows[0]);
}

/** A history row as the rules read it; no row (no such user) is a new account with no offers. */
export function toHistory(row: HistoryRow | undefined): UserHistory {
  const createdAt = row?.created_at ? new Date(row.created_at) : new Date();
  return {
    lifetimeUsd: Number(row?.lifetime ?? 0),
    accountAgeDays: (Date.now() - createdAt.getTime()) / dayMs,
    reversals: Number(row?.reversals ?? 0),
    windowOffers: Number(row?.window_offers ?? 0),
    windowReversed: Number(row?.window_reversed ?? 0),
  };
}

/**
 * The app's hold rules applied to a credit being made, in its transaction: the hold to credit it with, or
 * null (available at once). A reversal rate over the app's threshold also flags the user ("reversals").
 * `settings`: the app's rules (a postback reads them with its tenant). `knownHistory`: the user's
 * history when the caller read it already (a postback, in the statement that stored its offer).
 */
export async function holdForCredit(
  tx: Tx,
  credit: CreditFacts,
  settings: HoldSettings,
  knownHistory?: UserHistory,
): Promise<CreditHold | null> {
  if (!rulesNeedHistory(settings)) return null;
  const history = knownHistory ?? (await historyOf(tx, credit, settings));
  const decision = decideHold(settings, credit, history);
  if (!decision) return null;
  if (decision.reversals) await flagUsers(tx, credit.appId, [credit.userId], "reversals");
  return { releaseAt: new Date(Date.now() + decision.days * dayMs), reason: decision.reason };
}
