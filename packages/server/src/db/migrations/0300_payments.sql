-- Payments area: payments and their status history, SCA challenges, templates, the postback outbox,
-- per-company method switches, the processing simulator's state and notification marks.

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  wallet_id bigint NOT NULL,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  transaction_type text NOT NULL CHECK (transaction_type IN ('payout', 'payin', 'refund')),
  method text NOT NULL,
  status text NOT NULL CHECK (status IN ('initializing', 'created', 'pending', 'expired', 'settled', 'declined',
    'canceled', 'captured', 'authorized', 'rejected', 'returned')),
  currency text NOT NULL,
  -- Minor units of `currency`; the fee is charged on top of the amount (held together).
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  payee_name text NOT NULL,
  counterparty_iban text,
  counterparty_account text,
  counterparty_bank_code text,
  counterparty_bic text,
  requisites jsonb NOT NULL DEFAULT '{}'::jsonb,
  payee_type text,
  comments text NOT NULL DEFAULT '',
  error text,
  created_by uuid REFERENCES users (id),
  approved_by uuid REFERENCES users (id),
  original_payment_id uuid REFERENCES payments (id),
  hold_id bigint,
  entry_id bigint,
  reversal_entry_id bigint,
  recall_reason text,
  recall_requested_at timestamptz,
  dispute_reason text,
  dispute_opened_at timestamptz,
  -- Earliest time the rail may act on a pending payment (settlement delay, CHAPS hours).
  process_after timestamptz,
  created_at timestamptz NOT NULL,
  captured_at timestamptz,
  charged_at timestamptz,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL
);
-- List screens: company first, then the sort column, id as tie-breaker (keyset-friendly).
CREATE INDEX payments_merchant_created_idx ON payments (merchant_id, created_at DESC, id DESC);
CREATE INDEX payments_merchant_dir_created_idx ON payments (merchant_id, direction, created_at DESC, id DESC);
CREATE INDEX payments_merchant_status_idx ON payments (merchant_id, status, created_at DESC);
CREATE INDEX payments_merchant_amount_idx ON payments (merchant_id, amount, id);
CREATE INDEX payments_merchant_settled_idx ON payments (merchant_id, settled_at, id);
CREATE INDEX payments_merchant_payee_idx ON payments (merchant_id, payee_name, id);
CREATE INDEX payments_merchant_charged_idx ON payments (merchant_id, direction, charged_at) WHERE charged_at IS NOT NULL;
CREATE INDEX payments_original_idx ON payments (original_payment_id) WHERE original_payment_id IS NOT NULL;
CREATE INDEX payments_due_idx ON payments (process_after) WHERE status IN ('pending', 'authorized', 'captured');
-- Spec §8 "refund already done for the full amount": one live refund per pay-in.
CREATE UNIQUE INDEX payments_one_refund_uq ON payments (original_payment_id)
  WHERE transaction_type = 'refund' AND status NOT IN ('declined', 'canceled', 'rejected', 'expired', 'returned');

-- Every status change (and recall/dispute) of a payment; feeds the history, notifications and SSE.
CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id),
  merchant_id uuid NOT NULL,
  direction text NOT NULL,
  event text NOT NULL,
  from_status text,
  status text NOT NULL,
  actor_id uuid,
  note text,
  at timestamptz NOT NULL
);
CREATE INDEX payment_events_payment_idx ON payment_events (payment_id, id);
CREATE INDEX payment_events_merchant_idx ON payment_events (merchant_id, id);
CREATE INDEX payment_events_merchant_at_idx ON payment_events (merchant_id, direction, at);

-- Transactional outbox of postbacks (design §7); the settings area delivers them.
CREATE TABLE postback_outbox (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  type text NOT NULL,
  event text NOT NULL,
  subject_id text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz
);
CREATE INDEX postback_outbox_undelivered_idx ON postback_outbox (id) WHERE delivered_at IS NULL;
CREATE INDEX postback_outbox_subject_idx ON postback_outbox (subject_id, id);

-- Strong customer authentication (design §7): the hash of what the user confirms, used once.
CREATE TABLE payment_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  merchant_id uuid NOT NULL,
  hash text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  payment_id uuid,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_challenges_user_idx ON payment_challenges (user_id, created_at DESC);

-- Consecutive wrong password/code answers of payment confirmations; 5 in a row block for a while.
CREATE TABLE sca_attempts (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL
);

CREATE TABLE payment_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  method text NOT NULL,
  wallet_id bigint,
  currency text NOT NULL,
  amount bigint,
  payee_name text NOT NULL DEFAULT '',
  requisites jsonb NOT NULL DEFAULT '{}'::jsonb,
  comments text NOT NULL DEFAULT '',
  shared boolean NOT NULL DEFAULT false,
  cross_scheme boolean NOT NULL DEFAULT false,
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX payment_templates_name_uq ON payment_templates (merchant_id, lower(name)) WHERE status = 1;
CREATE INDEX payment_templates_owner_idx ON payment_templates (merchant_id, owner_id, name);

-- Methods a company has switched off (all methods of a direction are on by default).
CREATE TABLE merchant_payment_method_settings (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  direction text NOT NULL,
  method text NOT NULL,
  enabled boolean NOT NULL,
  PRIMARY KEY (merchant_id, direction, method)
);

-- The processing simulator's switch, in the database so every server process sees it.
CREATE TABLE processing_state (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  outage boolean NOT NULL DEFAULT false,
  message text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
INSERT INTO processing_state (id) VALUES (1);

-- When a user last opened the inbound / outbound notification panels (the unseen flag).
CREATE TABLE notification_marks (
  user_id uuid NOT NULL REFERENCES users (id),
  merchant_id uuid NOT NULL,
  inbound_seen_at timestamptz,
  outbound_seen_at timestamptz,
  PRIMARY KEY (user_id, merchant_id)
);
