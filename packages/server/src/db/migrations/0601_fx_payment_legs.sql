-- FX: an executed exchange shows in the payments list as two settled rows of transaction type
-- 'exchange' (the sell leg outbound, the buy leg inbound), written by the payments service in the
-- exchange's own transaction (docs/decisions.md "FX").
ALTER TABLE payments DROP CONSTRAINT payments_transaction_type_check;
ALTER TABLE payments ADD CONSTRAINT payments_transaction_type_check
  CHECK (transaction_type IN ('payout', 'payin', 'refund', 'exchange'));
