-- MerchantService pay-in terminal (issue 14): payment requests with a public hosted page, and the
-- pay-ins matched to them (by the unique payment reference, or by hand).

CREATE TABLE payment_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  wallet_id bigint NOT NULL,
  -- The hosted page's link: 32 random bytes, base64url; unguessable, never listed.
  token text NOT NULL,
  -- The reference the payer quotes (PR + 10 base32 characters); pay-ins are matched by it.
  payment_reference text NOT NULL,
  -- The merchant's own reference (order number), shown to the customer.
  reference text NOT NULL,
  description text NOT NULL DEFAULT '',
  currency text NOT NULL,
  -- Minor units; null is an open amount (the customer decides).
  amount bigint CHECK (amount IS NULL OR amount > 0),
  paid_amount bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'paid', 'partially_paid', 'overpaid', 'expired', 'cancelled', 'refunded')),
  -- Money arrived after the request was expired, cancelled or refunded (credited, status kept).
  late_payment boolean NOT NULL DEFAULT false,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  customer_language text NOT NULL DEFAULT 'en-gb' CHECK (customer_language IN ('en-gb', 'ru')),
  expires_at timestamptz NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  cancelled_at timestamptz,
  emailed_at timestamptz
);
CREATE UNIQUE INDEX payment_requests_token_uq ON payment_requests (token);
CREATE UNIQUE INDEX payment_requests_reference_uq ON payment_requests (payment_reference);
CREATE INDEX payment_requests_merchant_created_idx ON payment_requests (merchant_id, created_at DESC, id DESC);
CREATE INDEX payment_requests_merchant_status_idx ON payment_requests (merchant_id, status, created_at DESC);
CREATE INDEX payment_requests_due_idx ON payment_requests (expires_at) WHERE status IN ('open', 'partially_paid');

-- A pay-in is matched to at most one request (the primary key), so a retried match cannot count twice.
CREATE TABLE payment_request_payins (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  request_id uuid NOT NULL REFERENCES payment_requests (id),
  amount bigint NOT NULL CHECK (amount > 0),
  matched_by text NOT NULL CHECK (matched_by IN ('reference', 'manual')),
  matched_by_user uuid REFERENCES users (id),
  late boolean NOT NULL DEFAULT false,
  matched_at timestamptz NOT NULL
);
CREATE INDEX payment_request_payins_request_idx ON payment_request_payins (request_id, matched_at);
