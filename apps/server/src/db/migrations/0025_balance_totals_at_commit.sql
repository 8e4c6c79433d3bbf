-- The balance totals move at commit, like the activity slots and the position index: a total row is
-- locked only while its transaction commits. Moved at once (the triggers of 0018 and 0021), a credit held
-- its total row for the rest of its transaction (the postback's log row, the commit's round trip), and
-- every credit of one app queued behind the 8 rows: at 100 postbacks at a time most of a postback's time
-- was that wait. Nothing reads the totals inside the transaction that moves them.
DROP TRIGGER points_ledger_balances ON points_ledger;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER points_ledger_balances AFTER INSERT ON points_ledger
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION balances_add();--> statement-breakpoint
DROP TRIGGER redeems_pending_totals ON redeems;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER redeems_pending_totals AFTER INSERT OR DELETE OR UPDATE OF status, reward_cost ON redeems
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pending_redeems_add();
