-- Pay-out terminal (issue 14): bulk pay-outs from an uploaded CSV or pain.001 file. A batch keeps
-- every row as read with its problems; a confirmed and approved batch turns each valid row into a
-- pay-out exactly once (the row's payment_id is written in the transaction that creates it).

CREATE TABLE bulk_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'pain.001.001.03', 'pain.001.001.09')),
  -- SHA-256 of the uploaded bytes: the same file uploaded again is recognised and warned about.
  file_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('invalid', 'validated', 'confirmed', 'processing', 'completed', 'discarded')),
  row_count integer NOT NULL,
  error_rows integer NOT NULL,
  warning_rows integer NOT NULL,
  -- Valid rows (the payments the batch makes) and their totals per currency: [{currency, amount, count}].
  valid_count integer NOT NULL,
  totals jsonb NOT NULL,
  issues jsonb NOT NULL DEFAULT '[]'::jsonb,
  uploaded_by uuid NOT NULL REFERENCES users (id),
  confirmed_by uuid REFERENCES users (id),
  confirmed_at timestamptz,
  approved_by uuid REFERENCES users (id),
  approved_at timestamptz,
  completed_at timestamptz,
  done_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bulk_batches_merchant_idx ON bulk_batches (merchant_id, created_at DESC);
CREATE INDEX bulk_batches_hash_idx ON bulk_batches (merchant_id, file_hash);
-- The sweep that restarts a lost run.
CREATE INDEX bulk_batches_processing_idx ON bulk_batches (updated_at) WHERE status = 'processing';

-- The valid rows of a batch, normalized as a single pay-out would be; result columns are filled
-- when the row's payment is made (or refused: insufficient balance leaves it created, unapproved).
CREATE TABLE bulk_batch_rows (
  batch_id uuid NOT NULL REFERENCES bulk_batches (id),
  row_no integer NOT NULL,
  method text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  payee_type text NOT NULL,
  requisites jsonb NOT NULL,
  reference text NOT NULL,
  wallet_id bigint NOT NULL,
  payment_id uuid REFERENCES payments (id),
  result text CHECK (result IN ('pending', 'created', 'failed')),
  result_message text,
  processed_at timestamptz,
  PRIMARY KEY (batch_id, row_no)
);
CREATE UNIQUE INDEX bulk_batch_rows_payment_uq ON bulk_batch_rows (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX bulk_batch_rows_todo_idx ON bulk_batch_rows (batch_id, row_no) WHERE result IS NULL;
