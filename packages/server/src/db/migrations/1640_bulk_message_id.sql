-- Issue 35: a pain.001 file's GrpHdr/MsgId is uploaded once per company. A discarded batch made no
-- payment, so its message may be uploaded again; any other batch holding it refuses the new file.
ALTER TABLE bulk_batches ADD COLUMN message_id text;
CREATE UNIQUE INDEX bulk_batches_message_uq ON bulk_batches (merchant_id, message_id)
  WHERE message_id IS NOT NULL AND status <> 'discarded';
