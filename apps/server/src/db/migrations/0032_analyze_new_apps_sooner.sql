-- The planner estimates an app by the statistics of the last ANALYZE. An app created since (beside a big
-- one) is estimated at one row, and its list calls and lookups read all of its rows through whichever index
-- on the app ties: 9 ms for a page of an app of 18,000 offers, growing with the app. Autovacuum analyzes a
-- table after 10% of its rows change by default, 1 M rows at 10 M; after 1% here, so an app goes unknown
-- for at most 1% of the table. An ANALYZE of the 10 M offers took 2 s (its sample has a fixed size): at
-- 1,000 postbacks a second, one every 100 s.
ALTER TABLE "app_users" SET (autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "completed_offers" SET (autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "points_ledger" SET (autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "redeems" SET (autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "postback_log" SET (autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "audit_log" SET (autovacuum_analyze_scale_factor = 0.01);
