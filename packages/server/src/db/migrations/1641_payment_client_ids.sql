-- Issue 35: the client's own ids of a pay-out made from a pain.001 file, kept so it can reconcile:
-- PmtId/EndToEndId (statements show it as the line's client reference) and PmtId/InstrId. The
-- batch row carries them from the upload to the payment.
ALTER TABLE bulk_batch_rows ADD COLUMN end_to_end_id text;
ALTER TABLE bulk_batch_rows ADD COLUMN instruction_id text;
ALTER TABLE payments ADD COLUMN end_to_end_id text;
ALTER TABLE payments ADD COLUMN instruction_id text;
