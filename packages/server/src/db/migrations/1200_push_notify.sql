-- Push (issue 15): every payment event tells the server processes LISTENing on portal_push which
-- company changed, on commit (NOTIFY is transactional; identical notices of one transaction fold into
-- one). The streams then read payment_events once per company instead of each stream polling.
CREATE OR REPLACE FUNCTION portal_push_payment_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_push', json_build_object('m', NEW.merchant_id, 'k', 'payment')::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER payment_events_push AFTER INSERT ON payment_events
  FOR EACH ROW EXECUTE FUNCTION portal_push_payment_event();

-- A revoked session ends its open streams at once (they no longer re-check the session every 30 s).
CREATE OR REPLACE FUNCTION portal_push_session_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_push', json_build_object('m', '*', 'k', 'session-ended', 's', NEW.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_push AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION portal_push_session_revoked();
