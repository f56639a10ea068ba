-- Virtual accounts area: VA groups (numbering ranges staff assign to a company), VA requests with
-- their history, and the allocated virtual accounts. A number is unique forever: closed VAs keep
-- their row, and a group's next serial only ever grows.

CREATE TABLE va_groups (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  name text NOT NULL,
  country text NOT NULL,
  check_rule_code text NOT NULL CHECK (check_rule_code IN ('SEPA_NO_UK_ACCOUNT', 'SEPA_UK_ACCOUNT', 'SEPA', 'BECS', 'ACH')),
  level integer NOT NULL CHECK (level BETWEEN 1 AND 9),
  bank text NOT NULL,
  bank_address text NOT NULL,
  bic text NOT NULL,
  bank_letters text NOT NULL DEFAULT '',
  prefix text NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  next_serial bigint NOT NULL,
  va_limit integer NOT NULL CHECK (va_limit >= 0),
  allocated integer NOT NULL DEFAULT 0,
  created_by uuid,
  created_at timestamptz NOT NULL,
  CHECK (range_from <= range_to),
  CHECK (next_serial BETWEEN range_from AND range_to + 1)
);
CREATE INDEX va_groups_merchant ON va_groups (merchant_id, id);

CREATE TABLE va_requests (
  uuid uuid PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  wallet_id bigint NOT NULL,
  client_type text NOT NULL CHECK (client_type IN ('individual', 'corporate')),
  client_customer_id text NOT NULL,
  customer_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'approved', 'declined', 'canceled', 'allocated', 'pending', 'accepted')),
  details jsonb NOT NULL,
  group_id bigint REFERENCES va_groups (id),
  decline_reason text,
  warning text,
  virtual_account_id bigint,
  created_by uuid,
  decided_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX va_requests_merchant ON va_requests (merchant_id, created_at DESC);
CREATE INDEX va_requests_status ON va_requests (status, created_at DESC);

CREATE TABLE va_request_events (
  id bigserial PRIMARY KEY,
  request_uuid uuid NOT NULL REFERENCES va_requests (uuid),
  status text NOT NULL,
  note text,
  actor_id uuid,
  at timestamptz NOT NULL
);
CREATE INDEX va_request_events_request ON va_request_events (request_uuid, id);

CREATE TABLE virtual_accounts (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  wallet_id bigint NOT NULL,
  group_id bigint NOT NULL REFERENCES va_groups (id),
  serial bigint NOT NULL,
  request_uuid uuid NOT NULL REFERENCES va_requests (uuid),
  -- The IBAN, or bank code + account for BECS/ACH: what a pay-in is addressed to.
  number text NOT NULL UNIQUE,
  iban text UNIQUE,
  bank_code text NOT NULL,
  sort_code text,
  bsb_code text,
  acc_number text NOT NULL,
  country text NOT NULL,
  check_rule_code text NOT NULL,
  level integer NOT NULL,
  client_type text NOT NULL,
  client_customer_id text NOT NULL,
  client_customer_name text NOT NULL,
  acc_holder_name text NOT NULL,
  company_number text,
  status text NOT NULL CHECK (status IN ('active', 'disabled', 'closed')),
  reason text,
  compliance_warning boolean NOT NULL DEFAULT false,
  disabled_on timestamptz,
  closed_on timestamptz,
  details_ready_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (group_id, serial)
);
CREATE INDEX virtual_accounts_wallet ON virtual_accounts (wallet_id, created_at DESC, id DESC);
CREATE INDEX virtual_accounts_customer ON virtual_accounts (merchant_id, client_customer_id);
