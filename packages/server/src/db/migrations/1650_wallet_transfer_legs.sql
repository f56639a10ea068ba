-- Issue 35: a transfer between two wallets of one company shows in the payments list as two
-- settled rows of transaction type 'transfer' (the debit of the source wallet outbound, the credit
-- of the target inbound), written in the transfer's own transaction, like the FX legs of 0601.
ALTER TABLE payments DROP CONSTRAINT payments_transaction_type_check;
ALTER TABLE payments ADD CONSTRAINT payments_transaction_type_check
  CHECK (transaction_type IN ('payout', 'payin', 'refund', 'exchange', 'transfer'));
