-- The e-mail trigram indexes keep a pending list of at most 256 kB instead of 4 MB: every credit rewrites
-- its user's row (a new entry in each index), and each substring search reads the whole pending list.
-- ALTER, not a rebuild: the limit applies from the next insert on.
ALTER INDEX "app_users_username_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "redeems_email_trgm_idx" SET (gin_pending_list_limit = 256);
