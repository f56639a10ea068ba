-- Postback delivery (issue 9): delivery state on the outbox, one row per attempt, and the
-- company settings that the merchants table does not hold (signing secret, notification URLs,
-- messengers).

ALTER TABLE postback_outbox
  ADD COLUMN status text NOT NULL DEFAULT 'pending',
  ADD COLUMN first_attempt_at timestamptz,
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN last_status_code integer,
  ADD COLUMN last_error text,
  ADD COLUMN last_duration_ms integer,
  ADD COLUMN is_test boolean NOT NULL DEFAULT false;

-- Events written before delivery existed and already marked delivered keep that state.
UPDATE postback_outbox SET status = 'delivered' WHERE delivered_at IS NOT NULL;

CREATE INDEX postback_outbox_due_idx ON postback_outbox (id) WHERE status = 'pending';
CREATE INDEX postback_outbox_merchant_idx ON postback_outbox (merchant_id, id DESC);

CREATE TABLE postback_attempts (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES postback_outbox (id),
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text,
  url text NOT NULL
);
CREATE INDEX postback_attempts_event_idx ON postback_attempts (event_id, id);

CREATE TABLE company_settings (
  merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
  -- AES-GCM sealed under a key derived from the server secret; the plain secret is shown once.
  postback_secret text,
  secret_created_at timestamptz,
  -- The secret before the last rotation keeps signing alongside the new one until this time.
  previous_secret text,
  previous_secret_until timestamptz,
  notification_urls jsonb NOT NULL DEFAULT '{}'::jsonb,
  messengers jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Last notification job runs per user live in notification_runs.
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When a user's reminder or statement mail last went out, so a restart neither repeats nor skips one.
CREATE TABLE notification_runs (
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  subject text NOT NULL DEFAULT '',
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, subject)
);
