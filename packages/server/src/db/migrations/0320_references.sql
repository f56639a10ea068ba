-- Reference data of spec §3/§7, filled at start from data sets shipped with npm packages
-- (ISO 3166-1 countries, ISO 4217 currencies) and from the domain package's code lists.
CREATE TABLE reference_values (
  code text NOT NULL,
  reference_id integer NOT NULL,
  value text NOT NULL,
  description text NOT NULL,
  sort_order integer NOT NULL,
  PRIMARY KEY (code, value)
);
CREATE INDEX reference_values_ref_idx ON reference_values (reference_id, sort_order);

CREATE TABLE currencies (
  code text PRIMARY KEY,
  numeric text NOT NULL,
  name text NOT NULL,
  exponent smallint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fiat', 'crypto'))
);
