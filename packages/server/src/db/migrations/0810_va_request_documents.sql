-- Documents of VA requests (spec §3 document, additionalDocuments): the browser uploads each file
-- first (PDF or CSV, checked by content), the request names it by id, and the request's own
-- transaction attaches it (request_uuid set). Uploads never attached are swept after a day, rows
-- and bytes, so nothing is left orphaned.

CREATE TABLE va_request_documents (
  id uuid PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  request_uuid uuid REFERENCES va_requests (uuid),
  doc_type text,
  role text CHECK (role IN ('main', 'additional')),
  file_name text NOT NULL,
  ext text NOT NULL CHECK (ext IN ('pdf', 'csv')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  uploaded_by uuid,
  created_at timestamptz NOT NULL,
  attached_at timestamptz,
  CHECK ((request_uuid IS NULL) = (attached_at IS NULL))
);
CREATE INDEX va_request_documents_request ON va_request_documents (request_uuid, created_at)
  WHERE request_uuid IS NOT NULL;
-- The sweep and the per-company cap read unattached uploads only.
CREATE INDEX va_request_documents_unattached ON va_request_documents (merchant_id, created_at)
  WHERE request_uuid IS NULL;
