-- The users' e-mail trigram index goes back to PostgreSQL's default pending list, 4 MB, written out. Every
-- credit rewrites its user's row and so adds an entry to the list; the credit that fills it merges the
-- list into the index, and a larger list merges more entries a key at once: a credit's statement took
-- about a third less of PostgreSQL's time. Searches read the whole list: about 1.5 ms more with 287 pages
-- pending. The redeems' index keeps its 256 kB (their rows are rarely rewritten). ALTER, not a rebuild:
-- the limit applies from the next insert on.
ALTER INDEX "app_users_username_trgm_idx" SET (gin_pending_list_limit = 4096);
