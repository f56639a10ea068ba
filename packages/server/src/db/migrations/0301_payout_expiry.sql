-- The expiry sweep looks for pay-outs still waiting for approval, oldest first.
CREATE INDEX payments_awaiting_approval_idx ON payments (created_at) WHERE status = 'created' AND direction = 'outbound';
