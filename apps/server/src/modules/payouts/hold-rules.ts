import { defaultReversalHold, type HoldRule, type ReversalHold } from "@rewards/contract";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { qualified } from "../../db/qualified.ts";
import { completedOffers, userOfferTotals } from "../../db/schema/index.ts";
import type { CreditHold } from "../ledger/index.ts";
import { flagUsers } from "../risk/index.ts";
import type { HoldSettings } from "./payout-settings.ts";

const dayMs = 86_400_000;

/** What the rules look at: the credit being made. */
export type CreditFacts = {
  appId: string;
  userId: string;
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

/** The user's own offers as the rules count them (offerHistory's json). */
export type OfferHistory = {
  lifetime: number;
  reversals: number;
  windowOffers: number;
  windowReversed: number;
};

/**
 * The user's own offers as the hold rules count them, as one json object, in a bounded read: the whole
 * history's dollars and reversals from the user's running totals (`user_offer_totals`, kept by a trigger at
 * commit), the reversal rate's window from the offers since `since` (index (admin_id, user_id, date, id)).
 * A scalar subquery, so that a postback's read of its tenant brings it (the credit being made is not stored yet).
 */
export function offerHistory(appId: AnyPgColumn, userId: AnyPgColumn, since: SQL) {
  return sql<OfferHistory | null>`(select json_build_object(
      'lifetime', coalesce(totals.credited_usd, 0)::float8,
      'reversals', coalesce(totals.reversals, 0),
      'windowOffers', recent.offers,
      'windowReversed', recent.reversed)
    from (select count(*) filter (where offers.status in ('credited', 'reversed')) as offers,
        count(*) filter (where offers.status = 'reversed') as reversed
      from ${completedOffers} as offers
      where offers.admin_id = ${qualified(appId)} and offers.user_id = ${qualified(userId)}
        and offers.date >= ${since}) as recent
    left join ${userOfferTotals} as totals
      on totals.user_id = ${qualified(userId)} and totals.admin_id = ${qualified(appId)})`;
}

/**
 * The start of the reversal rate's window, in SQL, from the app's payout settings row (the default rules'
 * window when it has none): for a read that brings the rules and the history together.
 */
export const windowStart = (reversalHold: AnyPgColumn) =>
  sql`now() - make_interval(days => coalesce((${reversalHold} ->> 'windowDays')::int, ${defaultReversalHold.windowDays}))`;

/** A user's history as the rules read it; no account (no such user) is a new account with no offers. */
export function toHistory(
  createdAt: string | Date | null | undefined,
  offers: OfferHistory | null,
): UserHistory {
  const created = createdAt ? new Date(createdAt) : new Date();
  return {
    lifetimeUsd: Number(offers?.lifetime ?? 0),
    accountAgeDays: (Date.now() - created.getTime()) / dayMs,
    reversals: Number(offers?.reversals ?? 0),
    windowOffers: Number(offers?.windowOffers ?? 0),
    windowReversed: Number(offers?.windowReversed ?? 0),
  };
}

/** What the rules make of a credit: its hold (null: available at once), and whether to flag the user. */
export type HoldDecision = { hold: CreditHold | null; flagReversals: boolean };

/** The app's hold rules applied to a credit, given the user's history as of it. */
export function holdOf(
  settings: HoldSettings,
  credit: Pick<CreditFacts, "network" | "payoutUsd">,
  history: UserHistory,
): HoldDecision {
  const decision = decideHold(settings, credit, history);
  if (!decision) return { hold: null, flagReversals: false };
  return {
    hold: { releaseAt: new Date(Date.now() + decision.days * dayMs), reason: decision.reason },
    flagReversals: decision.reversals,
  };
}

/**
 * The app's hold rules applied to a credit being made, in its transaction: the hold to credit it with, or
 * null (available at once). A reversal rate over the app's threshold also flags the user ("reversals").
 */
export async function holdForCredit(
  tx: Tx,
  credit: CreditFacts,
  settings: HoldSettings,
  history: UserHistory,
): Promise<CreditHold | null> {
  const { hold, flagReversals } = holdOf(settings, credit, history);
  if (flagReversals) await flagUsers(tx, credit.appId, [credit.userId], "reversals");
  return hold;
}
