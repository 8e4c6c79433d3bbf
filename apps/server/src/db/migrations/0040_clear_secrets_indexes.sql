-- Partial indexes of the rows whose secrets are still in clear (written before their column was encrypted,
-- or loaded by SQL), on the tables that grow with use. Empty once sealed, they let the check at every start
-- (sealClearSecrets) probe an index instead of reading every redeem, queued mail and stock code. Building
-- them reads each table once (0.22 s for a million redeems on the bench machine).
CREATE INDEX "reward_codes_clear_secrets_idx" ON "reward_codes" USING btree ("id") WHERE ("reward_codes"."code" <> '' and "reward_codes"."code" not like 'enc:v1:%') or ("reward_codes"."pin" <> '' and "reward_codes"."pin" not like 'enc:v1:%');--> statement-breakpoint
CREATE INDEX "mail_outbox_clear_secrets_idx" ON "mail_outbox" USING btree ("id") WHERE ("mail_outbox"."html" <> '' and "mail_outbox"."html" not like 'enc:v1:%') or ("mail_outbox"."text" <> '' and "mail_outbox"."text" not like 'enc:v1:%');--> statement-breakpoint
CREATE INDEX "redeems_clear_secrets_idx" ON "redeems" USING btree ("id") WHERE ("redeems"."code" <> '' and "redeems"."code" not like 'enc:v1:%');