-- Payouts today reads its rollup (payout_days, migration 0033): this index served only its scan of the
-- redeems paid today, and each payment wrote to it.
DROP INDEX "redeems_admin_paid_idx";