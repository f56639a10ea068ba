-- Payment requests collecting on a virtual account (issue 14): pay-ins to that VA are matched to
-- the request (by the VA alone when it is the only payable request on it, else by reference).
ALTER TABLE payment_requests ADD COLUMN virtual_account_id bigint REFERENCES virtual_accounts (id);
CREATE INDEX payment_requests_va_idx ON payment_requests (virtual_account_id, created_at)
  WHERE virtual_account_id IS NOT NULL;

ALTER TABLE payment_request_payins DROP CONSTRAINT payment_request_payins_matched_by_check;
ALTER TABLE payment_request_payins ADD CONSTRAINT payment_request_payins_matched_by_check
  CHECK (matched_by IN ('reference', 'virtual_account', 'manual'));
