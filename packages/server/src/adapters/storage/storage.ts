import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** File storage behind an interface (design §8): a local folder, in memory for tests, S3 later. */
export interface FileStorage {
  /** Stores bytes under a new key in `folder` and returns the key. */
  put(folder: string, bytes: Uint8Array): Promise<string>;
  /** The bytes of a key, or undefined when nothing is stored under it. */
  get(key: string): Promise<Buffer | undefined>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;
const newKey = (folder: string) => `${folder.replace(/[^a-z0-9-]/g, '-')}/${randomUUID()}`;

/** Files under `root` (dataDir/files). Keys are generated here, never taken from user input. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    const full = resolve(base, key);
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
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, full);
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
  };
}

export function createMemoryStorage(): FileStorage {
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
  };
}
