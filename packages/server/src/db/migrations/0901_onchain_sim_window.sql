-- Simulator switch (non-production only): treat the 06:00-12:00 UK on-chain window as open, so a
-- demo or a browser journey outside UK morning hours still sees a transfer broadcast and confirmed.
ALTER TABLE onchain_sim_state ADD COLUMN window_open boolean NOT NULL DEFAULT false;
