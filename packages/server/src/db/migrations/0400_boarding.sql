-- Boarding: applicant companies from the emailed link to go-live (issue 6).
CREATE TABLE boarding_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), -- the {uuid} of /brd/{uuid}/{role}
  name text NOT NULL,
  partner text,
  platform text NOT NULL DEFAULT 'UK' CHECK (platform IN ('UK', 'CA', 'PL', 'CJD')),
  state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'live')),
  app_form_status text NOT NULL DEFAULT 'none' CHECK (app_form_status IN ('none', 'draft', 'submitted', 'signed')),
  review_status text NOT NULL DEFAULT 'New',
  company jsonb NOT NULL DEFAULT '{}'::jsonb,
  form_updated_at timestamptz NOT NULL DEFAULT now(),
  lock_role text,
  lock_contact_id uuid,
  lock_until timestamptz,
  internal_check_at timestamptz,
  internal_check_by uuid,
  ver_links_sent_at timestamptz,
  merchant_id uuid REFERENCES merchants (id),
  go_live_at timestamptz,
  go_live_by uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_accounts_list_idx ON boarding_accounts (created_at DESC, id DESC);
CREATE INDEX boarding_accounts_state_idx ON boarding_accounts (state, created_at DESC, id DESC);
CREATE INDEX boarding_accounts_name_idx ON boarding_accounts (lower(name) text_pattern_ops);

CREATE TABLE boarding_persons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  data jsonb NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  is_as boolean NOT NULL DEFAULT false,
  is_lr boolean NOT NULL DEFAULT false,
  is_bo boolean NOT NULL DEFAULT false,
  is_principal_signer boolean NOT NULL DEFAULT false,
  is_principal_legal_rep boolean NOT NULL DEFAULT false,
  verification_status text NOT NULL DEFAULT 'none'
    CHECK (verification_status IN ('none', 'PENDING', 'ACCEPTED', 'DECLINED', 'DECLINED_AML', 'UNKNOWN')),
  verification_reference text,
  verified_at timestamptz,
  passport_checked_at timestamptz,
  data_mismatch boolean NOT NULL DEFAULT false,
  questionnaire_signed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Spec §5: the same first and last name twice is a duplicate person.
CREATE UNIQUE INDEX boarding_persons_name_uq ON boarding_persons (account_id, lower(first_name), lower(last_name));
CREATE UNIQUE INDEX boarding_persons_email_uq ON boarding_persons (account_id, lower(email));
CREATE UNIQUE INDEX boarding_persons_principal_as_uq ON boarding_persons (account_id) WHERE is_principal_signer;
CREATE UNIQUE INDEX boarding_persons_principal_lr_uq ON boarding_persons (account_id) WHERE is_principal_legal_rep;

CREATE TABLE boarding_contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), -- the contactUuid of verification links
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  person_id uuid REFERENCES boarding_persons (id) ON DELETE SET NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  position text,
  is_bc boolean NOT NULL DEFAULT false,
  notify_technical boolean NOT NULL DEFAULT false,
  notify_financial boolean NOT NULL DEFAULT false,
  notify_compliance boolean NOT NULL DEFAULT false,
  notify_online_banking boolean NOT NULL DEFAULT false,
  -- argon2id of the SHA-512 hex digest the browser sends; null until set_pss.
  password_hash text,
  failed_attempts integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX boarding_contacts_email_uq ON boarding_contacts (account_id, lower(email));
CREATE INDEX boarding_contacts_person_idx ON boarding_contacts (person_id);

CREATE TABLE boarding_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  contact_id uuid NOT NULL REFERENCES boarding_contacts (id) ON DELETE CASCADE,
  role text,
  -- 'otp': password passed, mailed code pending (opens nothing); 'boarding'; 'verification'.
  purpose text NOT NULL CHECK (purpose IN ('otp', 'boarding', 'verification')),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_sessions_account_idx ON boarding_sessions (account_id) WHERE revoked_at IS NULL;

CREATE TABLE boarding_otps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES boarding_contacts (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_otps_contact_idx ON boarding_otps (contact_id, purpose, created_at DESC);

CREATE TABLE boarding_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  file_type text NOT NULL,
  file_name text NOT NULL,
  ext text NOT NULL CHECK (ext IN ('pdf', 'csv')),
  version integer NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 10), -- numeric file status of spec §3
  uploaded_by uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  UNIQUE (account_id, file_type, version)
);
CREATE INDEX boarding_files_list_idx ON boarding_files (account_id, created_at DESC, id DESC);

CREATE TABLE boarding_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  subject_type text NOT NULL CHECK (subject_type IN ('file', 'forms', 'person')),
  subject_id uuid NOT NULL,
  author text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_comments_subject_idx ON boarding_comments (subject_id, created_at);

CREATE SEQUENCE boarding_doc_seq;

CREATE TABLE boarding_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  number text NOT NULL UNIQUE,
  status smallint NOT NULL DEFAULT 2 CHECK (status IN (0, 2, 3, 4)),
  letter jsonb NOT NULL,
  decline_reason text,
  decided_at timestamptz,
  decided_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_offers_account_idx ON boarding_offers (account_id, created_at DESC);

CREATE TABLE boarding_signatures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  subject_type text NOT NULL CHECK (subject_type IN ('forms', 'questionnaire', 'contract')),
  subject_id uuid NOT NULL,
  person_id uuid NOT NULL REFERENCES boarding_persons (id),
  signer_name text NOT NULL,
  signer_role text NOT NULL,
  signed_at timestamptz NOT NULL,
  ip text,
  user_agent text,
  verification_reference text,
  document_sha256 text NOT NULL,
  sealed_sha256 text NOT NULL,
  storage_key text NOT NULL,
  audit_id bigint NOT NULL
);
CREATE INDEX boarding_signatures_account_idx ON boarding_signatures (account_id, signed_at);

CREATE TABLE boarding_contracts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  number text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('main', 'supplementary', 'NDA')),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2, 3)),
  document_key text,
  offer_id uuid REFERENCES boarding_offers (id),
  signature_id uuid REFERENCES boarding_signatures (id),
  signed_at timestamptz,
  declined_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_contracts_account_idx ON boarding_contracts (account_id, created_at);

CREATE TABLE boarding_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL UNIQUE REFERENCES boarding_accounts (id),
  number text NOT NULL UNIQUE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'paid')),
  issued_at timestamptz NOT NULL,
  paid_at timestamptz,
  payment_reference text
);

CREATE TABLE boarding_meetings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES boarding_accounts (id),
  contact_id uuid NOT NULL REFERENCES boarding_contacts (id) ON DELETE CASCADE,
  title text NOT NULL,
  starts_at timestamptz NOT NULL,
  accept_status text CHECK (accept_status IN ('accept', 'tentative', 'decline')),
  responded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX boarding_meetings_contact_idx ON boarding_meetings (contact_id, starts_at);

-- State of the built-in ID & facial verification simulator (a real provider keeps this itself).
CREATE TABLE verification_sim_checks (
  reference text PRIMARY KEY,
  outcome text NOT NULL,
  ready_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
