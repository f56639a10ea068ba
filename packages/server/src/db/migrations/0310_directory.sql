-- The crypto-sector directory (spec §1, §2 mi_ecosystem): one published profile per company,
-- holding only what its Master User chose to publish.
CREATE TABLE directory_entries (
  merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
  display_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  services text[] NOT NULL DEFAULT '{}',
  countries text[] NOT NULL DEFAULT '{}',
  currencies text[] NOT NULL DEFAULT '{}',
  networks text[] NOT NULL DEFAULT '{}',
  website text NOT NULL DEFAULT '',
  contact_name text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  moderation_note text NOT NULL DEFAULT '',
  joined_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX directory_entries_listed_idx ON directory_entries (status, lower(display_name), merchant_id);
