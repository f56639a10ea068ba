-- Companies (merchants) and users: every area references these, so they come before the areas.
CREATE TABLE merchants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  service_code text NOT NULL DEFAULT 'AccountService' CHECK (service_code IN ('AccountService', 'MerchantService')),
  platform text NOT NULL DEFAULT 'UK' CHECK (platform IN ('UK', 'CA', 'PL', 'CJD')),
  status smallint NOT NULL DEFAULT 1, -- entity status: deleted 0, active 1
  additional_data jsonb NOT NULL DEFAULT '{}'::jsonb, -- company_name, company_street, company_country_code ...
  new_iban_same_id_forced_creation boolean NOT NULL DEFAULT false,
  ip_whitelist text[] NOT NULL DEFAULT '{}',
  postback_urls jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  login text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email_confirmed boolean NOT NULL DEFAULT false,
  -- argon2id of the SHA-512 hex digest the browser sends; null until the user registers.
  password_hash text,
  password_changed_at timestamptz,
  password_change_required_by timestamptz,
  mfa_secret text,
  status text NOT NULL DEFAULT 'registered'
    CHECK (status IN ('invited', 'registered', 'activated', 'deactivated', 'blocked')),
  blocked_until timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0,
  ui_language text NOT NULL DEFAULT 'en-gb',
  ui_theme text NOT NULL DEFAULT 'dark' CHECK (ui_theme IN ('dark', 'light')),
  notification_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  mfa_login_prompt boolean NOT NULL DEFAULT true,
  auto_approve_payouts boolean NOT NULL DEFAULT false,
  current_merchant_id uuid REFERENCES merchants (id),
  current_group text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_login_uq ON users (lower(login));
CREATE UNIQUE INDEX users_email_uq ON users (lower(email));

-- A user's membership of a company: Master User flag and the client rights of spec §6.
CREATE TABLE user_merchants (
  user_id uuid NOT NULL REFERENCES users (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  is_master boolean NOT NULL DEFAULT false,
  rights text[] NOT NULL DEFAULT '{}',
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, merchant_id)
);
CREATE INDEX user_merchants_merchant_idx ON user_merchants (merchant_id);

-- Admin groups of the provider's staff (admin, CSM, FIN_OPS_EXTRA) a user may act in.
CREATE TABLE user_groups (
  user_id uuid NOT NULL REFERENCES users (id),
  group_code text NOT NULL CHECK (group_code IN ('admin', 'CSM', 'FIN_OPS_EXTRA')),
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_code)
);
