-- Reads at scale (issue 15; plans in docs/decisions.md "Performance").
-- Payments list: the capped count (up to 10,001 rows) of a filtered list reads only these indexes
-- (index-only scans), and the filtered pages come off them already sorted.
CREATE INDEX payments_merchant_method_created_idx ON payments (merchant_id, method, created_at DESC, id DESC);
CREATE INDEX payments_merchant_dir_status_amount_idx ON payments (merchant_id, direction, status, amount DESC, id DESC);
CREATE INDEX payments_merchant_dir_status_created_idx ON payments (merchant_id, direction, status, created_at DESC, id DESC);

-- Wallet list: top-level wallets (the default list) in each of the four sorts, so a page and its
-- total never sort or filter 10,000 rows.
CREATE INDEX wallets_top_created_idx ON wallets (merchant_id, created_at, id) WHERE parent_id IS NULL;
CREATE INDEX wallets_top_name_idx ON wallets (merchant_id, lower(ui_name), id) WHERE parent_id IS NULL;
CREATE INDEX wallets_top_id_idx ON wallets (merchant_id, id) WHERE parent_id IS NULL;
CREATE INDEX wallets_top_status_idx ON wallets (merchant_id, status, id) WHERE parent_id IS NULL;
