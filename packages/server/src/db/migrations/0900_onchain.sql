-- On-chain area: deposit addresses of crypto wallets, on-chain transfers, escrow blockchain deals,
-- and the blockchain simulator's transactions and switches (kept in the database so several
-- server processes see one chain).

CREATE TABLE onchain_addresses (
  wallet_id bigint NOT NULL,
  network text NOT NULL CHECK (network IN ('bitcoin', 'ethereum', 'tron')),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  asset text NOT NULL CHECK (asset IN ('BTC', 'ETH', 'USDT', 'USDC')),
  address text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (wallet_id, network)
);
CREATE INDEX onchain_addresses_merchant_idx ON onchain_addresses (merchant_id, asset);

CREATE TABLE onchain_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  -- The paying wallet and the currency it pays in: the asset itself or EUR/GBP/USD.
  wallet_id bigint NOT NULL,
  funding_currency text NOT NULL,
  asset text NOT NULL CHECK (asset IN ('BTC', 'ETH', 'USDT', 'USDC')),
  network text NOT NULL CHECK (network IN ('bitcoin', 'ethereum', 'tron')),
  address text NOT NULL,
  address_warning text,
  -- Minor units of the asset: what the receiver gets, and the network fee charged.
  coin_amount bigint NOT NULL CHECK (coin_amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  -- Minor units of funding_currency: held and debited (amount + fee, converted at `rate`).
  debit_amount bigint NOT NULL CHECK (debit_amount > 0),
  debit_fee bigint NOT NULL CHECK (debit_fee >= 0),
  rate text,
  status text NOT NULL CHECK (status IN ('created', 'queued', 'pending', 'settled', 'declined', 'canceled')),
  hold_id bigint,
  entry_id bigint,
  tx_hash text UNIQUE,
  broadcast_at timestamptz,
  send_at timestamptz,
  cancel_at timestamptz,
  error text,
  error_code text,
  comments text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users (id),
  approved_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX onchain_transfers_merchant_idx ON onchain_transfers (merchant_id, created_at DESC);
-- The sweep looks at open transfers only.
CREATE INDEX onchain_transfers_open_idx ON onchain_transfers (status, send_at) WHERE status IN ('queued', 'pending');

CREATE TABLE escrow_deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  ticker text NOT NULL CHECK (ticker IN ('BTC', 'ETH', 'USDT', 'USDC')),
  network text NOT NULL CHECK (network IN ('bitcoin', 'ethereum', 'tron')),
  currency text NOT NULL CHECK (currency IN ('EUR', 'GBP', 'USD')),
  expected_amount bigint NOT NULL CHECK (expected_amount > 0),
  settled_amount bigint CHECK (settled_amount > 0),
  receiver_wallet text NOT NULL,
  deposit_address text NOT NULL UNIQUE,
  ttl_hours integer NOT NULL CHECK (ttl_hours BETWEEN 1 AND 24),
  trx_id text UNIQUE,
  release_tx_hash text,
  status text NOT NULL CHECK (status IN ('awaiting', 'funded', 'underpaid', 'overpaid', 'confirmed', 'declined', 'expired')),
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  entry_id bigint,
  expires_at timestamptz NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX escrow_deals_merchant_idx ON escrow_deals (merchant_id, created_at DESC);
CREATE INDEX escrow_deals_awaiting_idx ON escrow_deals (expires_at) WHERE status = 'awaiting';

-- The simulated chains: every broadcast or deposit is a row; confirmations are derived from time.
CREATE TABLE onchain_sim_txs (
  hash text PRIMARY KEY,
  network text NOT NULL,
  asset text NOT NULL,
  to_address text NOT NULL,
  amount bigint NOT NULL,
  -- ok: confirms; drop: leaves the mempool unconfirmed; fail: mined as failed (reverted).
  fate text NOT NULL CHECK (fate IN ('ok', 'drop', 'fail')),
  broadcast_at timestamptz NOT NULL
);

CREATE TABLE onchain_sim_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  outage boolean NOT NULL DEFAULT false,
  next_fate text NOT NULL DEFAULT 'ok' CHECK (next_fate IN ('ok', 'drop', 'fail'))
);
INSERT INTO onchain_sim_state (id) VALUES (1);
