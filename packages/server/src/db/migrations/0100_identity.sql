-- Identity: MFA state, login throttling, one-time links, invitations, security history.

-- The secret being set up lives apart from the confirmed one, so an abandoned setup can be redone
-- while a confirmed secret can never be replaced by the user (spec §5). Both encrypted (AES-GCM).
ALTER TABLE users ADD COLUMN mfa_pending_secret text;
-- Last TOTP time step accepted: a code is usable once (design §7).
ALTER TABLE users ADD COLUMN mfa_last_step bigint;
ALTER TABLE user_groups ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX user_groups_group_idx ON user_groups (group_code, status);

-- Failed logins counted per login text, whether the user exists or not, so the block message
-- never tells an attacker which logins exist.
CREATE TABLE login_throttle (
  login_key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use links mailed to a user (password renewal, email confirmation); only the SHA-256 of
-- the token is stored.
CREATE TABLE user_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('renewp', 'email')),
  token_hash text NOT NULL,
  email text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_tokens_hash_uq ON user_tokens (token_hash);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, kind) WHERE used_at IS NULL;

CREATE TABLE user_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('master', 'standard')),
  rights text[] NOT NULL DEFAULT '{}',
  mfa_required boolean NOT NULL DEFAULT true,
  invited_by uuid REFERENCES users (id),
  -- invited, registered, canceled; 'expired' is derived from expires_at when shown.
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'registered', 'canceled')),
  code_hash text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_invitations_code_uq ON user_invitations (code_hash) WHERE code_hash IS NOT NULL;
CREATE INDEX user_invitations_merchant_idx ON user_invitations (merchant_id, created_at DESC, id);
CREATE INDEX user_invitations_user_idx ON user_invitations (user_id);

-- Pending requests of a user to the Master User (spec §4: password reset request, MFA reset request).
ALTER TABLE users ADD COLUMN pending_request text CHECK (pending_request IN ('passwordResetRequest', 'mfaResetRequest'));

CREATE TABLE security_history (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  action_type text NOT NULL,
  action_result text NOT NULL CHECK (action_result IN ('success', 'failure')),
  created_at timestamptz NOT NULL,
  ip text,
  ip_country text,
  user_agent text,
  errors text,
  impersonator_id uuid REFERENCES users (id)
);
CREATE INDEX security_history_user_idx ON security_history (user_id, created_at DESC, id DESC);
