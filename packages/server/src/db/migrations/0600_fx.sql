-- FX area: company FX terms (spread), locked quotes, exchanges and their status history.

-- A company's spread from its contract terms; without a row the default of docs/decisions.md applies.
CREATE TABLE fx_terms (
  merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
  spread_bps integer NOT NULL CHECK (spread_bps >= 0 AND spread_bps < 10000),
  crypto_spread_bps integer NOT NULL CHECK (crypto_spread_bps >= 0 AND crypto_spread_bps < 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A rate locked for a short countdown; used at most once (used_at, and the exchange's unique quote_id).
CREATE TABLE fx_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  settlement text NOT NULL CHECK (settlement IN ('instant', 'sbd', 'nbd')),
  value_date text NOT NULL,
  fixed_side text NOT NULL CHECK (fixed_side IN ('sell', 'buy')),
  sell_wallet_id bigint NOT NULL,
  sell_currency text NOT NULL,
  sell_amount bigint NOT NULL CHECK (sell_amount > 0),
  buy_wallet_id bigint NOT NULL,
  buy_currency text NOT NULL,
  buy_amount bigint NOT NULL CHECK (buy_amount > 0),
  -- Exact decimal text: the client rate (mid less spread) and the provider's mid rate.
  rate text NOT NULL,
  mid_rate text NOT NULL,
  spread_bps integer NOT NULL,
  spread_amount bigint NOT NULL CHECK (spread_amount >= 0),
  challenge_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (sell_currency <> buy_currency)
);
CREATE INDEX fx_quotes_created_idx ON fx_quotes (created_at);

CREATE TABLE fx_exchanges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  quote_id uuid NOT NULL UNIQUE REFERENCES fx_quotes (id),
  status text NOT NULL CHECK (status IN ('created', 'completed', 'booked', 'settled', 'canceled', 'rejected', 'failed')),
  settlement text NOT NULL CHECK (settlement IN ('instant', 'sbd', 'nbd')),
  value_date text NOT NULL,
  fixed_side text NOT NULL CHECK (fixed_side IN ('sell', 'buy')),
  sell_wallet_id bigint NOT NULL,
  sell_currency text NOT NULL,
  sell_amount bigint NOT NULL CHECK (sell_amount > 0),
  buy_wallet_id bigint NOT NULL,
  buy_currency text NOT NULL,
  buy_amount bigint NOT NULL CHECK (buy_amount > 0),
  rate text NOT NULL,
  mid_rate text NOT NULL,
  spread_bps integer NOT NULL,
  spread_amount bigint NOT NULL CHECK (spread_amount >= 0),
  hold_id bigint,
  entry_id bigint,
  error text,
  created_by uuid REFERENCES users (id),
  approved_by uuid REFERENCES users (id),
  settle_after timestamptz,
  created_at timestamptz NOT NULL,
  executed_at timestamptz,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX fx_exchanges_merchant_idx ON fx_exchanges (merchant_id, created_at DESC);
CREATE INDEX fx_exchanges_due_idx ON fx_exchanges (settle_after) WHERE status = 'booked';

CREATE TABLE fx_events (
  id bigserial PRIMARY KEY,
  exchange_id uuid NOT NULL REFERENCES fx_exchanges (id),
  merchant_id uuid NOT NULL,
  event text NOT NULL,
  from_status text,
  status text NOT NULL,
  actor_id uuid,
  note text,
  at timestamptz NOT NULL
);
CREATE INDEX fx_events_exchange_idx ON fx_events (exchange_id, id);
