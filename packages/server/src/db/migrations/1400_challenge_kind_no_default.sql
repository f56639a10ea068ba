-- Schema drift (issue 16, db/schema-drift.test.ts): 0302 gave confirmation_challenges.kind the
-- default 'payout' only to fill the rows that existed when challenges stopped being payment-only.
-- Every challenge names what it confirms, and the Drizzle schema requires it; a challenge written
-- without a kind must fail, not silently become a payout confirmation.
ALTER TABLE confirmation_challenges ALTER COLUMN kind DROP DEFAULT;
