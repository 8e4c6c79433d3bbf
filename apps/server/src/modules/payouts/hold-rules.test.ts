import { defaultHoldRules, defaultReversalHold, type HoldRule } from "@rewards/contract";
import { describe, expect, it } from "vitest";
import { decideHold, describeRule, ruleMatches, type UserHistory } from "./hold-rules.ts";

// The hold rules alone, without a database: which rule holds a credit, and for how long.

const any: HoldRule = {
  network: null,
  minPayoutUsd: null,
  maxLifetimeUsd: null,
  maxAccountAgeDays: null,
  minReversals: null,
  holdDays: 7,
};
const rule = (conditions: Partial<HoldRule>): HoldRule => ({ ...any, ...conditions });
const fresh: UserHistory = {
  lifetimeUsd: 0,
  accountAgeDays: 1,
  reversals: 0,
  windowOffers: 0,
  windowReversed: 0,
};
const credit = { network: "adgateow", payoutUsd: 5 };
const noReversalHold = { reversalHold: null };

describe("hold rules", () => {
  it("matches on each condition alone", () => {
    expect(ruleMatches(rule({ network: "adgateow" }), credit, fresh)).toBe(true);
    expect(ruleMatches(rule({ network: "bitlabs" }), credit, fresh)).toBe(false);

    expect(ruleMatches(rule({ minPayoutUsd: 5 }), credit, fresh)).toBe(true);
    expect(ruleMatches(rule({ minPayoutUsd: 5.01 }), credit, fresh)).toBe(false);

    expect(ruleMatches(rule({ maxLifetimeUsd: 100 }), credit, { ...fresh, lifetimeUsd: 99.99 })).toBe(true);
    expect(ruleMatches(rule({ maxLifetimeUsd: 100 }), credit, { ...fresh, lifetimeUsd: 100 })).toBe(false);

    expect(ruleMatches(rule({ maxAccountAgeDays: 7 }), credit, { ...fresh, accountAgeDays: 6.9 })).toBe(true);
    expect(ruleMatches(rule({ maxAccountAgeDays: 7 }), credit, { ...fresh, accountAgeDays: 7 })).toBe(false);

    expect(ruleMatches(rule({ minReversals: 2 }), credit, { ...fresh, reversals: 2 })).toBe(true);
    expect(ruleMatches(rule({ minReversals: 2 }), credit, { ...fresh, reversals: 1 })).toBe(false);
  });

  it("needs every condition a rule sets", () => {
    const three = rule({ network: "adgateow", minPayoutUsd: 3, maxAccountAgeDays: 30 });
    expect(ruleMatches(three, credit, fresh)).toBe(true);
    expect(ruleMatches(three, { ...credit, payoutUsd: 2 }, fresh)).toBe(false);
    expect(ruleMatches(three, credit, { ...fresh, accountAgeDays: 40 })).toBe(false);
  });

  it("holds with the first matching rule, not the longest", () => {
    const holdRules = [
      rule({ network: "bitlabs", holdDays: 90 }),
      rule({ minPayoutUsd: 1, holdDays: 3 }),
      rule({ holdDays: 60 }),
    ];
    expect(decideHold({ holdRules, ...noReversalHold }, credit, fresh)).toEqual({
      days: 3,
      reason: "Rule 2: $1+, 3 days",
      reversals: false,
    });
  });

  it("leaves a credit no rule matches available at once", () => {
    const holdRules = [rule({ network: "bitlabs" }), rule({ minPayoutUsd: 50 })];
    expect(decideHold({ holdRules, ...noReversalHold }, credit, fresh)).toBeNull();
    expect(decideHold({ holdRules: [], ...noReversalHold }, credit, fresh)).toBeNull();
  });

  it("by default holds $3+ from users under $100 earned for 14 days", () => {
    const settings = { holdRules: defaultHoldRules, ...noReversalHold };
    expect(decideHold(settings, { ...credit, payoutUsd: 3 }, { ...fresh, lifetimeUsd: 99 })).toEqual({
      days: 14,
      reason: "Rule 1: $3+ from users under $100 earned, 14 days",
      reversals: false,
    });
    expect(decideHold(settings, { ...credit, payoutUsd: 2.99 }, fresh)).toBeNull();
    expect(decideHold(settings, { ...credit, payoutUsd: 50 }, { ...fresh, lifetimeUsd: 100 })).toBeNull();
  });

  it("describes every condition in words", () => {
    expect(
      describeRule(
        {
          network: "bitlabs",
          minPayoutUsd: 2.5,
          maxLifetimeUsd: 100,
          maxAccountAgeDays: 7,
          minReversals: 1,
          holdDays: 30,
        },
        2,
      ),
    ).toBe(
      "Rule 3: bitlabs $2.50+ from users under $100 earned accounts under 7 days old users with 1+ reversals, 30 days",
    );
    expect(describeRule(any, 0)).toBe("Rule 1: every credit, 7 days");
  });
});

describe("reversal-rate hold", () => {
  const reversalHold = { ratePercent: 20, windowDays: 30, minOffers: 5, holdDays: 30 };

  it("holds every credit of a user whose rate is over the threshold, and flags", () => {
    const history = { ...fresh, windowOffers: 8, windowReversed: 2 };
    expect(decideHold({ holdRules: [], reversalHold }, credit, history)).toEqual({
      days: 30,
      reason: "Reversal rate 25% over 30 days",
      reversals: true,
    });
  });

  it("needs the rate above the threshold and enough offers in the window", () => {
    expect(
      decideHold({ holdRules: [], reversalHold }, credit, { ...fresh, windowOffers: 10, windowReversed: 2 }),
    ).toBeNull();
    expect(
      decideHold({ holdRules: [], reversalHold }, credit, { ...fresh, windowOffers: 4, windowReversed: 4 }),
    ).toBeNull();
  });

  it("takes the longer of the rule's hold and the rate's; both flag", () => {
    const history = { ...fresh, windowOffers: 5, windowReversed: 5 };
    const long = [rule({ holdDays: 60 })];
    expect(decideHold({ holdRules: long, reversalHold }, credit, history)).toEqual({
      days: 60,
      reason: "Rule 1: every credit, 60 days",
      reversals: true,
    });
    const short = [rule({ holdDays: 7 })];
    expect(decideHold({ holdRules: short, reversalHold }, credit, history)?.reason).toBe(
      "Reversal rate 100% over 30 days",
    );
  });

  it("is on by default (20% over 30 days, 5 offers at least)", () => {
    expect(defaultReversalHold).toMatchObject({ ratePercent: 20, windowDays: 30, minOffers: 5 });
  });
});
