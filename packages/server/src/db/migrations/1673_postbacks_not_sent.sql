-- Issue 36: an event whose type has no postback URL was never sent. It is 'not_sent', with no
-- attempt row, instead of a FAILED delivery of 0 ms without a status code. Rows written before
-- this change are put in the same state.
DELETE FROM postback_attempts WHERE error = 'no_url';
UPDATE postback_outbox o
SET status = 'not_sent',
  next_attempt_at = NULL,
  last_error = NULL,
  last_duration_ms = NULL,
  last_status_code = NULL,
  attempts = (SELECT count(*) FROM postback_attempts a WHERE a.event_id = o.id)
WHERE o.status = 'failed' AND o.last_error = 'no_url';
