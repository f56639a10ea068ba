-- One confirmation service for every area (design §7): challenges are no longer payment-only.
ALTER TABLE payment_challenges RENAME TO confirmation_challenges;
ALTER INDEX payment_challenges_user_idx RENAME TO confirmation_challenges_user_idx;
-- What is confirmed: payout, payout_approval, fx, onchain, escrow, va_request, va_action ...
ALTER TABLE confirmation_challenges ADD COLUMN kind text NOT NULL DEFAULT 'payout';
-- The object the confirmation executed (payment id, exchange id, batch hash ...).
ALTER TABLE confirmation_challenges RENAME COLUMN payment_id TO subject_ref;
ALTER TABLE confirmation_challenges ALTER COLUMN subject_ref TYPE text USING subject_ref::text;

-- Consecutive wrong answers; `failures` is claimed before a code is checked, so parallel answers
-- are counted before any of them is verified.
ALTER TABLE sca_attempts RENAME TO confirmation_attempts;

-- Per-session knowledge-factor verifier: HMAC under a server key of the password digest, bound to
-- the session id; dropped with the session (docs/decisions.md, Confirmations).
ALTER TABLE sessions ADD COLUMN confirmation_verifier text;
