-- Messages with support (cases, messages, attachments) and system notices (issue 11).

CREATE TABLE support_cases (
  id uuid PRIMARY KEY,
  -- Case number given at creation (shown as C-000123).
  case_no bigserial NOT NULL UNIQUE,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  type text NOT NULL,
  subject text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  crm_status text NOT NULL DEFAULT 'Created' CHECK (crm_status IN ('Created', 'In Progress', 'On Hold',
    'External Investigating', 'Closed', 'Declined-Closed')),
  assigned_to uuid REFERENCES users (id),
  created_by uuid NOT NULL REFERENCES users (id),
  -- The company removed the thread from its view; staff keep seeing it.
  client_deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_cases_activity_idx ON support_cases (updated_at DESC, id);
CREATE INDEX support_cases_merchant_idx ON support_cases (merchant_id, updated_at DESC);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES support_cases (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  -- From the company's side: inbox = written by support, outbox = written by the company's users.
  folder text NOT NULL CHECK (folder IN ('inbox', 'outbox')),
  author_id uuid NOT NULL REFERENCES users (id),
  author_name text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  creation_source text NOT NULL DEFAULT 'FRONT_7',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Read by the company (support's messages) / by staff (the company's messages).
  read_at timestamptz,
  staff_read_at timestamptz,
  client_deleted_at timestamptz
);
CREATE INDEX messages_folder_idx ON messages (merchant_id, folder, created_at DESC, id)
  WHERE client_deleted_at IS NULL;
CREATE INDEX messages_case_idx ON messages (case_id, created_at);
CREATE INDEX messages_unread_idx ON messages (merchant_id)
  WHERE folder = 'inbox' AND read_at IS NULL AND client_deleted_at IS NULL;

CREATE TABLE message_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL REFERENCES messages (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  file_name text NOT NULL,
  ext text NOT NULL CHECK (ext IN ('pdf', 'csv')),
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_attachments_message_idx ON message_attachments (message_id);

CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  body text NOT NULL,
  audience text NOT NULL CHECK (audience IN ('all', 'platform', 'company')),
  platform text CHECK (platform IN ('UK', 'CA', 'PL', 'CJD')),
  merchant_id uuid REFERENCES merchants (id),
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on),
  CHECK ((audience = 'platform') = (platform IS NOT NULL)),
  CHECK ((audience = 'company') = (merchant_id IS NOT NULL))
);
CREATE INDEX notices_window_idx ON notices (starts_on, ends_on);

CREATE TABLE notice_reads (
  notice_id uuid NOT NULL REFERENCES notices (id),
  user_id uuid NOT NULL REFERENCES users (id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);
