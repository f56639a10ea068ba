-- Server-side sessions behind the JWTs: logout, block and password change revoke them.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  -- 'mfa': password passed, second factor pending (opens only the MFA step); 'session': full login.
  purpose text NOT NULL CHECK (purpose IN ('mfa', 'session')),
  impersonator_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
