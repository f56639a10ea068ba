-- Client surveys (spec §2 survey: skip, complete, next, back): staff define them, each client
-- user sees the active one once.
CREATE TABLE surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  questions jsonb NOT NULL,
  active boolean NOT NULL DEFAULT false,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX surveys_active_idx ON surveys (created_at DESC) WHERE active;

CREATE TABLE survey_responses (
  survey_id uuid NOT NULL REFERENCES surveys (id),
  user_id uuid NOT NULL,
  merchant_id uuid,
  status text NOT NULL CHECK (status IN ('answered', 'skipped')),
  answers jsonb NOT NULL DEFAULT '[]'::jsonb,
  at timestamptz NOT NULL,
  PRIMARY KEY (survey_id, user_id)
);
