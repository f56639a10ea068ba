-- Issue 35: the pain.002 status report of a batch groups its transactions by the payment
-- information block of the pain.001 they came from (OrgnlPmtInfId), so each row keeps its PmtInfId.
ALTER TABLE bulk_batch_rows ADD COLUMN payment_info_id text;
