-- Fixed-window counters of the rate-limited public calls, shared by every server process.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_start);
