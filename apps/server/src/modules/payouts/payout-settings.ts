import { defaultPayoutSettings, isMaskedSecret, messages, type PayoutSettings } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payoutSettings } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { keepOrReplace, maskSecret } from "../../lib/secrets.ts";

const columns = {
  paused: payoutSettings.paused,
  approvalAbove: payoutSettings.approvalAbove,
  tremendousApiKey: payoutSettings.tremendousApiKey,
  tremendousBaseUrl: payoutSettings.tremendousBaseUrl,
  tremendousFundingSourceId: payoutSettings.tremendousFundingSourceId,
  tremendousWebhookPrivateKey: payoutSettings.tremendousWebhookPrivateKey,
  tremendousDelivery: payoutSettings.tremendousDelivery,
  holdRules: payoutSettings.holdRules,
  reversalHold: payoutSettings.reversalHold,
  autoApproval: payoutSettings.autoApproval,
};
type SettingsRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null };

function fromRow(row: SettingsRow): PayoutSettings {
  const tremendous =
    row.tremendousApiKey &&
    row.tremendousBaseUrl &&
    row.tremendousFundingSourceId &&
    row.tremendousWebhookPrivateKey
      ? {
          apiKey: row.tremendousApiKey,
          baseUrl: row.tremendousBaseUrl,
          fundingSourceId: row.tremendousFundingSourceId,
          webhookPrivateKey: row.tremendousWebhookPrivateKey,
          delivery: row.tremendousDelivery ?? "EMAIL",
        }
      : null;
  return {
    paused: row.paused ?? false,
    approvalAbove: row.approvalAbove,
    tremendous,
    holdRules: row.holdRules ?? defaultPayoutSettings.holdRules,
    reversalHold: row.reversalHold,
    autoApproval: row.autoApproval,
  };
}

/**
 * The app's payout rules, secrets in clear (for the server's own use; answers go through `maskedSettings`):
 * its saved row, or the defaults while it has none. `lock` "share" is what a pay or an approval takes: a
 * save (which locks the row for update) waits for the pays in flight, and every pay that starts after the
 * save sees it. "update" is the save's own lock.
 */
export async function readPayoutSettings(
  executor: Db | Tx,
  appId: string,
  lock?: "share" | "update",
): Promise<PayoutSettings> {
  const query = executor.select(columns).from(payoutSettings).where(eq(payoutSettings.appId, appId));
  const [row] = lock ? await query.for(lock) : await query;
  return row ? fromRow(row) : { ...defaultPayoutSettings };
}

/** The app's hold rules: what a credit needs of its payout settings. */
export type HoldSettings = Pick<PayoutSettings, "holdRules" | "reversalHold">;

/** An app's hold rules from its payout_settings row, or the defaults when it has none yet. */
export const holdRulesOrDefaults = (row: HoldSettings | undefined): HoldSettings =>
  row ?? { holdRules: defaultPayoutSettings.holdRules, reversalHold: defaultPayoutSettings.reversalHold };

/** The rules as answered: the provider's API key and webhook private key masked (decision 0010). */
export function maskedSettings(settings: PayoutSettings): PayoutSettings {
  if (!settings.tremendous) return settings;
  const { apiKey, webhookPrivateKey } = settings.tremendous;
  return {
    ...settings,
    tremendous: {
      ...settings.tremendous,
      apiKey: maskSecret(apiKey),
      webhookPrivateKey: maskSecret(webhookPrivateKey),
    },
  };
}

/**
 * Saves the app's payout rules (the row is created on the first save), audited before and after with the
 * secrets masked. A secret sent back as its mask keeps the stored one. Answers them masked.
 */
export async function savePayoutSettings(
  db: Db,
  actor: Actor,
  input: PayoutSettings,
): Promise<PayoutSettings> {
  return db.transaction(async (tx) => {
    const before = await readPayoutSettings(tx, actor.appId, "update");
    const tremendous = input.tremendous && {
      ...input.tremendous,
      apiKey: keepOrReplace(input.tremendous.apiKey, before.tremendous?.apiKey),
      webhookPrivateKey: keepOrReplace(
        input.tremendous.webhookPrivateKey,
        before.tremendous?.webhookPrivateKey,
      ),
    };
    if (tremendous && (isMaskedSecret(tremendous.apiKey) || isMaskedSecret(tremendous.webhookPrivateKey))) {
      throw new AppError(400, messages.secretRequired, {
        [isMaskedSecret(tremendous.apiKey) ? "tremendous.apiKey" : "tremendous.webhookPrivateKey"]:
          messages.secretRequired,
      });
    }
    const saved: PayoutSettings = { ...input, tremendous };
    const row = {
      paused: saved.paused,
      approvalAbove: saved.approvalAbove,
      tremendousApiKey: tremendous?.apiKey ?? null,
      tremendousBaseUrl: tremendous?.baseUrl ?? null,
      tremendousFundingSourceId: tremendous?.fundingSourceId ?? null,
      tremendousWebhookPrivateKey: tremendous?.webhookPrivateKey ?? null,
      tremendousDelivery: tremendous?.delivery ?? "EMAIL",
      holdRules: saved.holdRules,
      reversalHold: saved.reversalHold,
      autoApproval: saved.autoApproval,
      updatedAt: new Date(),
    };
    await tx
      .insert(payoutSettings)
      .values({ appId: actor.appId, ...row })
      .onConflictDoUpdate({ target: payoutSettings.appId, set: row });
    await recordAudit(
      tx,
      byActor(actor, {
        action: "payoutSettings.update",
        recordType: "payoutSettings",
        recordId: null,
        changes: changesBetween(maskedSettings(before), maskedSettings(saved)),
      }),
    );
    return maskedSettings(saved);
  });
}

/** A redeem of this cost needs a member's approval before it is paid (the app's approval amount is set and exceeded). */
export const needsApproval = (settings: PayoutSettings, cost: number) =>
  settings.approvalAbove !== null && cost > settings.approvalAbove;

/** Paying is refused while the app's payouts are paused (409). */
export function assertNotPaused(settings: PayoutSettings): void {
  if (settings.paused) throw new AppError(409, messages.payoutsPaused);
}

type Approvable = { rewardCost: number; approvedByAdminId: string | null };

/**
 * Four-eyes: a redeem that needs an approval is paid only once a member approved it, and by another member
 * than the one who approved it (409 otherwise). The shell (no member) pays as no one, so never as the approver.
 */
export function assertPayableBy(settings: PayoutSettings, redeem: Approvable, payer: string | null): void {
  if (!needsApproval(settings, redeem.rewardCost)) return;
  if (!redeem.approvedByAdminId) {
    throw new AppError(409, messages.approvalNeeded(settings.approvalAbove ?? 0));
  }
  if (redeem.approvedByAdminId === payer) throw new AppError(409, messages.approverCannotPay);
}
