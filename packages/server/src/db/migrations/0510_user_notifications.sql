-- User notifications (issue 9): "new payments" and "security events" of the user settings
-- (notification_params), written in the transaction of the change they announce and delivered
-- by a worker to the user's mailbox and the company's messengers (chat webhook, team mailbox).

CREATE TABLE user_notifications (
  id bigserial PRIMARY KEY,
  -- payment | security
  kind text NOT NULL,
  -- payin_credited, payout_created; login_new_address, password_changed, email_changed, mfa_set_up,
  -- mfa_reset, login_blocked, ip_refused
  event text NOT NULL,
  -- payment: the company whose users are told; security: the user's company at the time (its messengers)
  merchant_id uuid REFERENCES merchants (id),
  -- security: the user the event is about
  user_id uuid REFERENCES users (id),
  subject_id text NOT NULL DEFAULT '',
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  last_error text,
  done_at timestamptz
);
CREATE INDEX user_notifications_due_idx ON user_notifications (id) WHERE status = 'pending';
-- The once-a-day rule of refused-address notices looks back per user.
CREATE INDEX user_notifications_user_idx ON user_notifications (user_id, event, created_at DESC)
  WHERE user_id IS NOT NULL;

-- One row per recipient and channel, written when the notification is first worked on, so a retry
-- sends only what has not gone out yet.
CREATE TABLE user_notification_deliveries (
  notification_id bigint NOT NULL REFERENCES user_notifications (id),
  -- email (a user's mailbox) | chat (the company's chat webhook) | team_email (the company's team mailbox)
  channel text NOT NULL,
  -- a user id for email, 'company' for the company's messengers
  target text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  status_code integer,
  error text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (notification_id, channel, target)
);
