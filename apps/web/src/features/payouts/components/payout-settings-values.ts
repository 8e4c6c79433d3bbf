import type { UseFormReturnType } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import {
  defaultReversalHold,
  type HoldRule,
  type OfferNetwork,
  type PayoutSettings,
  tremendousBaseUrls,
} from "@rewards/contract";

/** A number input's value: a cleared input holds "" (sent as null: any, or off). */
export type NumberValue = number | string;

/** Where the provider's API lives: one of Tremendous's two addresses, or another one (the fake server). */
export type ProviderEnvironment = keyof typeof tremendousBaseUrls | "custom";

/** "any" stands for no network (null): a select cannot hold null. */
export const anyNetwork = "any";

export type HoldRuleValues = {
  /** The row's React key, never sent. */
  key: string;
  network: OfferNetwork | typeof anyNetwork;
  minPayoutUsd: NumberValue;
  maxLifetimeUsd: NumberValue;
  maxAccountAgeDays: NumberValue;
  minReversals: NumberValue;
  holdDays: NumberValue;
};

/**
 * The form keeps the settings' own shape (so a 400's field paths, e.g. "holdRules.0.holdDays" or
 * "tremendous.apiKey", land on their inputs), with an on/off switch beside each part that can be null.
 */
export type PayoutFormValues = {
  paused: boolean;
  approvalAbove: NumberValue;
  tremendousOn: boolean;
  environment: ProviderEnvironment;
  tremendous: {
    apiKey: string;
    baseUrl: string;
    fundingSourceId: string;
    webhookPrivateKey: string;
    delivery: "EMAIL" | "LINK";
  };
  holdRules: HoldRuleValues[];
  reversalHoldOn: boolean;
  reversalHold: {
    ratePercent: NumberValue;
    windowDays: NumberValue;
    minOffers: NumberValue;
    holdDays: NumberValue;
  };
  autoApprovalOn: boolean;
  autoApproval: {
    maxPoints: NumberValue;
    minAccountAgeDays: NumberValue;
    requireLowRisk: boolean;
    noReversalDays: NumberValue;
  };
};

export type PayoutForm = UseFormReturnType<PayoutFormValues, PayoutSettings>;

/** "" (a cleared input) is null; anything else a number (NaN fails the schema's check, as it should). */
const numberOrNull = (value: NumberValue): number | null => (value === "" ? null : Number(value));
/** A required number: null when cleared, so the schema answers "Required". */
const required = numberOrNull as (value: NumberValue) => number;
const shown = (value: number | null | undefined): NumberValue => value ?? "";

export function environmentOf(baseUrl: string): ProviderEnvironment {
  if (baseUrl === tremendousBaseUrls.sandbox) return "sandbox";
  if (baseUrl === tremendousBaseUrls.production) return "production";
  return "custom";
}

export const emptyHoldRule = (): HoldRuleValues => ({
  key: randomId(),
  network: anyNetwork,
  minPayoutUsd: "",
  maxLifetimeUsd: "",
  maxAccountAgeDays: "",
  minReversals: "",
  holdDays: 14,
});

const ruleValues = (rule: HoldRule): HoldRuleValues => ({
  key: randomId(),
  network: rule.network ?? anyNetwork,
  minPayoutUsd: shown(rule.minPayoutUsd),
  maxLifetimeUsd: shown(rule.maxLifetimeUsd),
  maxAccountAgeDays: shown(rule.maxAccountAgeDays),
  minReversals: shown(rule.minReversals),
  holdDays: rule.holdDays,
});

/** The answer (secrets masked) as the form's values; the parts that are off keep example values to start from. */
export function fromSettings(settings: PayoutSettings): PayoutFormValues {
  const provider = settings.tremendous;
  const reversal = settings.reversalHold ?? defaultReversalHold;
  const auto = settings.autoApproval;
  return {
    paused: settings.paused,
    approvalAbove: shown(settings.approvalAbove),
    tremendousOn: provider !== null,
    environment: provider ? environmentOf(provider.baseUrl) : "sandbox",
    tremendous: {
      apiKey: provider?.apiKey ?? "",
      baseUrl: provider?.baseUrl ?? tremendousBaseUrls.sandbox,
      fundingSourceId: provider?.fundingSourceId ?? "",
      webhookPrivateKey: provider?.webhookPrivateKey ?? "",
      delivery: provider?.delivery ?? "EMAIL",
    },
    holdRules: settings.holdRules.map(ruleValues),
    reversalHoldOn: settings.reversalHold !== null,
    reversalHold: {
      ratePercent: reversal.ratePercent,
      windowDays: reversal.windowDays,
      minOffers: reversal.minOffers,
      holdDays: reversal.holdDays,
    },
    autoApprovalOn: auto !== null,
    autoApproval: {
      maxPoints: shown(auto?.maxPoints),
      minAccountAgeDays: auto?.minAccountAgeDays ?? 7,
      requireLowRisk: auto?.requireLowRisk ?? true,
      noReversalDays: auto?.noReversalDays ?? 30,
    },
  };
}

/**
 * The whole settings as PUT sends them. The secrets go as they are: an untouched field still holds the
 * mask, which keeps the stored secret. A preset environment sends its own address.
 */
export function toBody(values: PayoutFormValues): PayoutSettings {
  const provider = values.tremendous;
  return {
    paused: values.paused,
    approvalAbove: numberOrNull(values.approvalAbove),
    tremendous: values.tremendousOn
      ? {
          apiKey: provider.apiKey,
          baseUrl:
            values.environment === "custom"
              ? provider.baseUrl.trim()
              : tremendousBaseUrls[values.environment],
          fundingSourceId: provider.fundingSourceId,
          webhookPrivateKey: provider.webhookPrivateKey,
          delivery: provider.delivery,
        }
      : null,
    holdRules: values.holdRules.map((rule) => ({
      network: rule.network === anyNetwork ? null : rule.network,
      minPayoutUsd: numberOrNull(rule.minPayoutUsd),
      maxLifetimeUsd: numberOrNull(rule.maxLifetimeUsd),
      maxAccountAgeDays: numberOrNull(rule.maxAccountAgeDays),
      minReversals: numberOrNull(rule.minReversals),
      holdDays: required(rule.holdDays),
    })),
    reversalHold: values.reversalHoldOn
      ? {
          ratePercent: required(values.reversalHold.ratePercent),
          windowDays: required(values.reversalHold.windowDays),
          minOffers: required(values.reversalHold.minOffers),
          holdDays: required(values.reversalHold.holdDays),
        }
      : null,
    autoApproval: values.autoApprovalOn
      ? {
          maxPoints: required(values.autoApproval.maxPoints),
          minAccountAgeDays: required(values.autoApproval.minAccountAgeDays),
          requireLowRisk: values.autoApproval.requireLowRisk,
          noReversalDays: required(values.autoApproval.noReversalDays),
        }
      : null,
  };
}
