CREATE TABLE "user_offer_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"credited_usd" numeric(16, 4) DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_offer_totals" ADD CONSTRAINT "user_offer_totals_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the hold rules read of a user's whole history (their credited dollars and reversals) was summed from
-- every offer the user ever completed, on each of their postbacks: 15 ms at 20,000 offers. Kept here per
-- user at commit instead, like the other rollups (at commit, after the credit has locked the user's
-- balance, so two writers always take the user's rows in the same order).
CREATE FUNCTION user_offer_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_usd numeric := 0;
  v_reversals integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'credited' THEN v_usd := -OLD.payout; END IF;
    IF OLD.status = 'reversed' THEN v_reversals := -1; END IF;
    IF TG_OP = 'DELETE' OR OLD.user_id <> NEW.user_id THEN
      -- The old user's share alone, and only if their row is there: a deleted user's row went with them.
      IF v_usd <> 0 OR v_reversals <> 0 THEN
        UPDATE user_offer_totals SET credited_usd = credited_usd + v_usd, reversals = reversals + v_reversals
        WHERE user_id = OLD.user_id;
      END IF;
      v_usd := 0;
      v_reversals := 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'credited' THEN v_usd := v_usd + NEW.payout; END IF;
    IF NEW.status = 'reversed' THEN v_reversals := v_reversals + 1; END IF;
    IF v_usd <> 0 OR v_reversals <> 0 THEN
      INSERT INTO user_offer_totals AS t (user_id, admin_id, credited_usd, reversals)
      VALUES (NEW.user_id, NEW.admin_id, v_usd, v_reversals)
      ON CONFLICT (user_id) DO UPDATE SET credited_usd = t.credited_usd + EXCLUDED.credited_usd,
        reversals = t.reversals + EXCLUDED.reversals;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER completed_offers_user_totals AFTER INSERT OR DELETE OR UPDATE OF user_id, status, payout ON completed_offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION user_offer_totals_add();
--> statement-breakpoint
-- An app's rows again from its offers (after a bulk load with the triggers off, as the scale seed makes).
CREATE FUNCTION user_offer_totals_rebuild(p_admin uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_offer_totals WHERE admin_id = p_admin;
  INSERT INTO user_offer_totals (user_id, admin_id, credited_usd, reversals)
  SELECT user_id, p_admin, coalesce(sum(payout) FILTER (WHERE status = 'credited'), 0),
    count(*) FILTER (WHERE status = 'reversed')
  FROM completed_offers WHERE admin_id = p_admin AND status IN ('credited', 'reversed')
  GROUP BY user_id;
END $$;
--> statement-breakpoint
SELECT user_offer_totals_rebuild(id) FROM admins;
