-- Every payment change asks whether any member of the company wants "new payments" notices
-- (settings.repo optedInMember). Without this index that question reads every user row of a big
-- company, in the transaction that holds the wallet's balance lock (6.4 ms per pay-out at 2,500
-- members in bench/payments); with it, the few opted-in users are read and their membership of
-- the company checked by its primary key.
CREATE INDEX users_new_payments_idx ON users (id)
  WHERE notification_params -> 'new_payments' = 'true'::jsonb;
