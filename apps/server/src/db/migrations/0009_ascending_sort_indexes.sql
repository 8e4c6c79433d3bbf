DROP INDEX "app_user_devices_user_idx";--> statement-breakpoint
DROP INDEX "app_user_sessions_user_idx";--> statement-breakpoint
DROP INDEX "app_users_admin_created_idx";--> statement-breakpoint
DROP INDEX "app_users_admin_status_created_idx";--> statement-breakpoint
DROP INDEX "completed_offers_admin_date_idx";--> statement-breakpoint
DROP INDEX "completed_offers_admin_network_date_idx";--> statement-breakpoint
DROP INDEX "completed_offers_admin_user_date_idx";--> statement-breakpoint
DROP INDEX "ip_screenings_user_idx";--> statement-breakpoint
DROP INDEX "points_ledger_user_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_action_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_record_created_idx";--> statement-breakpoint
DROP INDEX "countries_admin_priority_idx";--> statement-breakpoint
DROP INDEX "postback_log_admin_created_idx";--> statement-breakpoint
DROP INDEX "postback_log_admin_network_idx";--> statement-breakpoint
DROP INDEX "postback_log_admin_outcome_idx";--> statement-breakpoint
DROP INDEX "postback_log_admin_user_idx";--> statement-breakpoint
DROP INDEX "postback_log_admin_tx_idx";--> statement-breakpoint
DROP INDEX "redeems_admin_date_idx";--> statement-breakpoint
DROP INDEX "redeems_admin_status_date_idx";--> statement-breakpoint
DROP INDEX "redeems_admin_user_date_idx";--> statement-breakpoint
DROP INDEX "redeems_admin_risky_date_idx";--> statement-breakpoint
DROP INDEX "notifications_admin_created_idx";--> statement-breakpoint
CREATE INDEX "app_user_devices_user_idx" ON "app_user_devices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_user_sessions_user_idx" ON "app_user_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_users_admin_created_idx" ON "app_users" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_users_admin_status_created_idx" ON "app_users" USING btree ("admin_id","is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_date_idx" ON "completed_offers" USING btree ("admin_id","date","id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_network_date_idx" ON "completed_offers" USING btree ("admin_id","network","date","id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_user_date_idx" ON "completed_offers" USING btree ("admin_id","user_id","date","id");--> statement-breakpoint
CREATE INDEX "ip_screenings_user_idx" ON "ip_screenings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_user_created_idx" ON "points_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_admin_created_idx" ON "audit_log" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_action_created_idx" ON "audit_log" USING btree ("admin_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_record_created_idx" ON "audit_log" USING btree ("admin_id","record_id","created_at","id");--> statement-breakpoint
CREATE INDEX "countries_admin_priority_idx" ON "countries" USING btree ("admin_id","priority","id");--> statement-breakpoint
CREATE INDEX "postback_log_admin_created_idx" ON "postback_log" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_admin_network_idx" ON "postback_log" USING btree ("admin_id","network","created_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_admin_outcome_idx" ON "postback_log" USING btree ("admin_id","outcome","created_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_admin_user_idx" ON "postback_log" USING btree ("admin_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_admin_tx_idx" ON "postback_log" USING btree ("admin_id","transaction_id","created_at","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_date_idx" ON "redeems" USING btree ("admin_id","redeem_date","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_status_date_idx" ON "redeems" USING btree ("admin_id","status","redeem_date","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_user_date_idx" ON "redeems" USING btree ("admin_id","user_id","redeem_date","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_risky_date_idx" ON "redeems" USING btree ("admin_id","redeem_date","id") WHERE cardinality("redeems"."risk_reasons") > 0;--> statement-breakpoint
CREATE INDEX "notifications_admin_created_idx" ON "notifications" USING btree ("admin_id","created_at","id");