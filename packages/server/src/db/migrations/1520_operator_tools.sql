-- Operator console tools (issue 18): the Russian text of a maintenance message, and why a
-- wallet's status was last changed (shown to the client when a disabled wallet refuses money out).
ALTER TABLE maintenance ADD COLUMN message_ru text;
ALTER TABLE wallets ADD COLUMN status_reason text;
ALTER TABLE wallets ADD COLUMN status_changed_at timestamptz;
