-- Issue 34: the company a user acts for belongs to the session, not the user, so switching company
-- in one tab (one session) leaves the user's other sessions where they were. users.current_merchant_id
-- stays as the company a new login starts in (the last one switched to).
ALTER TABLE sessions ADD COLUMN current_merchant_id uuid REFERENCES merchants (id) ON DELETE SET NULL;
UPDATE sessions s SET current_merchant_id = u.current_merchant_id
  FROM users u
 WHERE u.id = s.user_id AND s.revoked_at IS NULL;
