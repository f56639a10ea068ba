-- Core tables every area relies on: maintenance state, idempotency keys, mail outbox, audit log.
CREATE TABLE maintenance (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  state text NOT NULL DEFAULT 'none' CHECK (state IN ('none', 'planned', 'started')),
  starts_at timestamptz,
  message text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
INSERT INTO maintenance (id) VALUES (1);

CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  kind text NOT NULL DEFAULT 'generic',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, id DESC);

-- Append-only, hash-chained: each row's hash covers the previous row's hash and its own content.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_type text NOT NULL,
  actor_id text,
  action text NOT NULL,
  subject_type text,
  subject_id text,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id);

-- Small key/value facts about this installation (e.g. when demo data was seeded).
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
