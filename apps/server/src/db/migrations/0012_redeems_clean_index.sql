CREATE INDEX "redeems_admin_clean_date_idx" ON "redeems" USING btree ("admin_id","redeem_date","id") WHERE cardinality("redeems"."risk_reasons") = 0;--> statement-breakpoint
-- The planner's default guess for cardinality(risk_reasons) = 0 is 0.5% of the rows (nearly all are):
-- statistics on the expression make the lists' estimated counts ("about N") right.
CREATE STATISTICS IF NOT EXISTS "redeems_risk_count_stats" ON (cardinality("risk_reasons")) FROM "redeems";
--> statement-breakpoint
ANALYZE "redeems";
