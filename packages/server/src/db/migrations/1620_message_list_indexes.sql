-- The messages list at 100,000 messages of one company (bench/messages, EXPLAIN in docs/decisions.md).
--
-- 1. Newest first read messages_folder_idx, whose `id` ran ascending under `created_at DESC`: the
--    list's `created_at DESC, id DESC` needed an incremental sort of every row up to the page. The
--    new index matches the order in both directions and carries case_id, so the total with a case
--    filter (status, type) reads the index alone before joining the cases.
CREATE INDEX messages_list_idx ON messages (merchant_id, folder, created_at DESC, id DESC) INCLUDE (case_id)
  WHERE client_deleted_at IS NULL;
DROP INDEX messages_folder_idx;

-- 2. Sorted by priority or by subject: the page is the index's first rows instead of a sort of the
--    whole folder (Closed by priority took 177 ms of which 170 were the sort). The expression is
--    the one messages.repo.ts orders by.
CREATE INDEX messages_priority_idx ON messages
  (merchant_id, folder, (CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
   created_at DESC, id DESC)
  WHERE client_deleted_at IS NULL;
CREATE INDEX messages_subject_idx ON messages (merchant_id, folder, subject DESC, created_at DESC, id DESC)
  WHERE client_deleted_at IS NULL;

-- 3. Text search (`subject ILIKE '%invoice 4242%' OR body ILIKE …`): trigram GIN indexes, as the VA
--    number search has (0811; pg_trgm in the `extensions` schema). Where pg_trgm cannot be had
--    (PGlite without the extension) the search stays a filter over the company's folder.
DO $$
DECLARE
  nsp text;
BEGIN
  SELECT n.nspname INTO nsp
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  IF nsp IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS messages_subject_trgm ON messages USING gin (subject %I.gin_trgm_ops)', nsp);
    EXECUTE format('CREATE INDEX IF NOT EXISTS messages_body_trgm ON messages USING gin (body %I.gin_trgm_ops)', nsp);
  ELSE
    RAISE NOTICE 'pg_trgm not available; message text search stays a filter';
  END IF;
END
$$;
