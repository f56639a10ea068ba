-- Wildcard IBAN search of the VA list (`number ILIKE '%4242%'`, spec §5 filter rules) without a
-- table scan: a trigram GIN index answers any infix pattern of three characters or more.
-- pg_trgm lives in a schema of its own ("extensions"), so a schema-per-test database or a
-- restricted search_path still finds its operator class; when the server cannot have pg_trgm
-- (PGlite without the extension loaded, or no right to create it) the search stays a plain scan
-- of the wallet's rows, which is what the small embedded databases need (docs/decisions.md).
DO $$
DECLARE
  nsp text;
BEGIN
  SELECT n.nspname INTO nsp
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  IF nsp IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE SCHEMA IF NOT EXISTS extensions;
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;
      nsp := 'extensions';
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not available (%); VA number search stays a scan', SQLERRM;
      nsp := NULL;
    END;
  END IF;
  IF nsp IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS virtual_accounts_number_trgm ON virtual_accounts USING gin (number %I.gin_trgm_ops)',
      nsp);
  END IF;
END
$$;
