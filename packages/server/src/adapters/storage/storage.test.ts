import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRecord,
  loginAs,
  makeAdmin,
  multipart,
  pdfBytes,
} from '../../modules/boarding/boarding.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createLocalStorage,
  createS3Storage,
  type FileStorage,
  type MemoryStorage,
  type S3StorageConfig,
  storageFor,
  storeAllThen,
  storeThen,
} from './storage.ts';

const BUCKET = 'portal-files';
let s3dir: string;
let server: S3rver;
let s3: S3StorageConfig;

beforeAll(async () => {
  s3dir = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  // s3rver: a local S3-compatible server (npm). It knows the S3RVER key id and refuses others; it
  // does not verify V4 signatures themselves (aws4fetch signs them), so a wrong key id is tested.
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
});
afterAll(async () => {
  await server?.close();
  await rm(s3dir, { recursive: true, force: true });
});

/** Objects the S3 server holds (s3rver keeps each object as `<key>._S3rver_object`). */
async function bucketObjects(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(dir, e.name), `${prefix}${e.name}/`);
      else if (e.name.endsWith('._S3rver_object')) out.push(prefix + e.name.replace('._S3rver_object', ''));
    }
  };
  await walk(join(s3dir, BUCKET), '');
  return out.sort();
}

async function roundTrip(storage: FileStorage) {
  const bytes = Buffer.from(`hello ${randomUUID()}`);
  const key = await storage.put('boarding-files', bytes);
  expect(key).toMatch(/^boarding-files\/[0-9a-f-]{36}$/);
  expect((await storage.get(key))?.equals(bytes)).toBe(true);
  await storage.remove(key);
  expect(await storage.get(key)).toBeUndefined();
  await storage.remove(key); // a missing key is no error
  await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
}

describe('storage adapters', () => {
  it('local folder: put, get, remove; keys never come from outside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-files-'));
    try {
      await roundTrip(createLocalStorage(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('S3-compatible server: put, get, remove, a missing key is undefined', async () => {
    const storage = createS3Storage(s3);
    await roundTrip(storage);
    const key = await storage.put('message-attachments', Buffer.from('%PDF-1.7 kept'));
    expect(await bucketObjects()).toContain(key);
    await storage.remove(key);
    expect(await bucketObjects()).not.toContain(key);
  });

  it('S3 with unknown credentials or a missing bucket fails loudly instead of losing the file', async () => {
    const stranger = createS3Storage({ ...s3, accessKeyId: 'NOT-A-KEY' });
    await expect(stranger.put('boarding-files', Buffer.from('x'))).rejects.toThrow(
      'S3 put failed: HTTP 403 InvalidAccessKeyId',
    );
    const nowhere = createS3Storage({ ...s3, bucket: 'no-such-bucket' });
    await expect(nowhere.put('boarding-files', Buffer.from('x'))).rejects.toThrow(
      'S3 put failed: HTTP 404 NoSuchBucket',
    );
  });

  it('storeThen / storeAllThen remove what they stored when the next step refuses', async () => {
    for (const storage of [createS3Storage(s3), storageFor({ env: 'test', dataDir: '/nonexistent' })]) {
      const before = await bucketObjects();
      await expect(
        storeThen(storage, 'boarding-files', Buffer.from('a'), async () => {
          throw new Error('refused after the write');
        }),
      ).rejects.toThrow('refused after the write');
      let seen: string[] = [];
      await expect(
        storeAllThen(storage, 'message-attachments', [Buffer.from('a'), Buffer.from('b')], async (keys) => {
          seen = keys;
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(seen).toHaveLength(2);
      for (const key of seen) expect(await storage.get(key)).toBeUndefined();
      expect(await bucketObjects()).toEqual(before);
    }
  });
});

/** One boarding record uploading files through the HTTP routes. */
async function boardingUploader(t: TestApp) {
  const admin = await makeAdmin(t);
  const rec = await createRecord(t, admin);
  const bc = await loginAs(t, rec.uuid, 'bc', rec.email);
  const upload = (name: string, bytes: Buffer, type = 'proofOfAddress') =>
    t.call({ method: 'POST', url: '/api/boarding/files', token: bc, ...multipart(type, name, bytes) });
  return { upload, token: bc };
}

/** Fills a record's file type up to the count limit with copies of one file's row. */
async function fillToLimit(t: TestApp, fileId: string) {
  await t.deps.database.exec(`
    INSERT INTO boarding_files (account_id, file_type, file_name, ext, version, size_bytes, sha256,
      storage_key, status, created_at, expires_at)
    SELECT account_id, file_type, file_name, ext, version + g, size_bytes, sha256, storage_key, status,
      created_at, expires_at
    FROM boarding_files, generate_series(1, 49) AS g WHERE id = '${fileId}'`);
}

const HOSTILE = Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n');

describe('a refused upload leaves no file behind', () => {
  it('in the default store: refused by content, and refused after the bytes were written', async () => {
    const t = await createTestApp();
    try {
      const store = storageFor(t.deps.config) as MemoryStorage;
      const { upload } = await boardingUploader(t);
      const first = await upload('bill.pdf', await pdfBytes('Bill'));
      expect(first.statusCode).toBe(200);
      const before = store.keys();
      expect(before).toHaveLength(1);

      expect((await upload('fake.pdf', HOSTILE)).json().code).toBe('FILE_CONTENT_INVALID');
      expect(store.keys()).toEqual(before);

      // The count limit is checked in the transaction, after the bytes are stored.
      await fillToLimit(t, first.json().file.id);
      const late = await upload('late.pdf', await pdfBytes('Late'));
      expect(late.json().code).toBe('FILE_COUNT_EXCEEDED');
      expect(store.keys()).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('on S3: files reach the bucket, are read back, and refusals leave the bucket as it was', async () => {
    const t = await createTestApp({ s3 });
    try {
      const { upload, token } = await boardingUploader(t);
      const bill = await pdfBytes('Bill on S3');
      const first = await upload('bill.pdf', bill);
      expect(first.statusCode).toBe(200);
      const before = await bucketObjects();
      expect(before.some((k) => k.startsWith('boarding-files/'))).toBe(true);
      const file = first.json().file;
      const down = await t.call({ method: 'GET', url: `/api/boarding/files/${file.id}/download`, token });
      expect(down.rawPayload.equals(bill)).toBe(true);

      expect((await upload('fake.pdf', HOSTILE)).json().code).toBe('FILE_CONTENT_INVALID');
      expect(await bucketObjects()).toEqual(before);
      await fillToLimit(t, file.id);
      expect((await upload('late.pdf', await pdfBytes('Late'))).json().code).toBe('FILE_COUNT_EXCEEDED');
      expect(await bucketObjects()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
