import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * File storage behind one interface (design §8): uploaded and generated files (boarding files,
 * signed documents, contracts, message attachments, VA request documents). An S3-compatible
 * bucket when S3_* is configured, so every server process reaches the same files; otherwise a
 * local folder; in memory for tests.
 */
export interface FileStorage {
  /** Stores bytes under a new key in `folder` and returns the key. */
  put(folder: string, bytes: Uint8Array): Promise<string>;
  /** The bytes of a key, or undefined when nothing is stored under it. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the bytes of a key (uploads never attached to anything); a missing key is no error. */
  remove(key: string): Promise<void>;
}

/** An S3-compatible store (AWS S3, MinIO, Ceph, ...), addressed path-style: endpoint/bucket/key. */
export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;
const newKey = (folder: string) => `${folder.replace(/[^a-z0-9-]/g, '-')}/${randomUUID()}`;
const checkKey = (key: string) => {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
};

/** Files under `root` (dataDir/files). Keys are generated here, never taken from user input. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, checkKey(key));
    if (!full.startsWith(base + sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    async put(folder, bytes) {
      const key = newKey(folder);
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      // Write then rename, so a crash never leaves half a file under a key the database knows.
      const tmp = join(dirname(full), `.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, bytes, { mode: 0o600 });
        await rename(tmp, full);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** One S3 call may take this long before it fails (a hung store must not hold a request forever). */
const S3_TIMEOUT_MS = 30_000;

/**
 * Objects in an S3-compatible bucket, signed with AWS Signature V4. PUT is atomic on S3, so a
 * failed upload never leaves half an object under a key the database knows.
 */
export function createS3Storage(c: S3StorageConfig): FileStorage {
  const client = new AwsClient({
    accessKeyId: c.accessKeyId,
    secretAccessKey: c.secretAccessKey,
    region: c.region,
    service: 's3',
    retries: 2,
  });
  const base = c.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => `${base}/${encodeURIComponent(c.bucket)}/${checkKey(key)}`;
  const call = (method: string, key: string, body?: Uint8Array) =>
    client.fetch(urlOf(key), {
      method,
      body,
      headers: body ? { 'content-type': 'application/octet-stream' } : undefined,
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
  const fail = async (what: string, res: Response) => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`S3 ${what} failed: HTTP ${res.status}${code ? ` ${code}` : ''}`);
  };
  return {
    async put(folder, bytes) {
      const key = newKey(folder);
      const res = await call('PUT', key, bytes);
      if (!res.ok) throw await fail('put', res);
      await res.body?.cancel();
      return key;
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok) throw await fail('get', res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail('delete', res);
      await res.body?.cancel();
    },
  };
}

/** In memory, for tests; `keys()` lets a test see what is stored. */
export interface MemoryStorage extends FileStorage {
  keys(): string[];
}

export function createMemoryStorage(): MemoryStorage {
  const files = new Map<string, Buffer>();
  return {
    async put(folder, bytes) {
      const key = newKey(folder);
      files.set(key, Buffer.from(bytes));
      return key;
    },
    async get(key) {
      return files.get(key);
    },
    async remove(key) {
      files.delete(key);
    },
    keys: () => [...files.keys()],
  };
}

export interface StorageSettings {
  env: 'development' | 'production' | 'test';
  dataDir: string;
  s3?: S3StorageConfig | undefined;
}

const shared = new WeakMap<StorageSettings, FileStorage>();

/**
 * The one store of a server process, shared by every module that keeps files: S3 when
 * configured, else dataDir/files; tests keep files in memory unless they configure S3.
 */
export function storageFor(settings: StorageSettings): FileStorage {
  let s = shared.get(settings);
  if (!s) {
    s = settings.s3
      ? createS3Storage(settings.s3)
      : settings.env === 'test'
        ? createMemoryStorage()
        : createLocalStorage(join(settings.dataDir, 'files'));
    shared.set(settings, s);
  }
  return s;
}

/**
 * Stores `bytes`, then runs `use` with the new key (typically the database transaction that
 * records it). If `use` throws — a refusal after the bytes were written, a failed insert — the
 * bytes are removed, so a refused upload leaves no file behind.
 */
export async function storeThen<T>(
  storage: FileStorage,
  folder: string,
  bytes: Uint8Array,
  use: (key: string) => Promise<T>,
): Promise<T> {
  return storeAllThen(storage, folder, [bytes], ([key]) => use(key as string));
}

/** `storeThen` for several files: all stored, or none left behind. */
export async function storeAllThen<T>(
  storage: FileStorage,
  folder: string,
  list: readonly Uint8Array[],
  use: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const bytes of list) keys.push(await storage.put(folder, bytes));
    return await use(keys);
  } catch (err) {
    for (const key of keys) await storage.remove(key).catch(() => undefined);
    throw err;
  }
}
