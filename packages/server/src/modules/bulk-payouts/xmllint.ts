import { Worker } from 'node:worker_threads';

/**
 * libxml2's xmllint in one long-lived worker thread (xmllint-worker.cjs): the WebAssembly module is
 * compiled once per process, not per call, and runs are queued one at a time. A run that crashes or
 * hangs ends the worker; the next call starts a new one.
 */
export interface XmllintRun {
  /** xmllint's exit code: 0 valid, 3 or 4 invalid (schema or parser errors), others a failure. */
  code: number;
  stderr: string;
}

const RUN_TIMEOUT_MS = 60_000;
let worker: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

function start(): Worker {
  const w = new Worker(new URL('./xmllint-worker.cjs', import.meta.url));
  w.unref(); // never keeps a server or a test run alive
  w.on('error', () => {
    if (worker === w) worker = null;
  });
  w.on('exit', () => {
    if (worker === w) worker = null;
  });
  return w;
}

function runOnce(files: { fileName: string; contents: string }[], args: string[], maxBytes: number) {
  worker ??= start();
  const w = worker;
  const id = ++nextId;
  return new Promise<XmllintRun>((resolve, reject) => {
    const stop = (err: Error) => {
      cleanup();
      void w.terminate();
      reject(err);
    };
    const timer = setTimeout(() => stop(new Error('xmllint did not answer in time')), RUN_TIMEOUT_MS);
    const onMessage = (m: { id: number | null; code?: number; stderr?: string; fatal?: string }) => {
      if (m.fatal) return stop(new Error(`xmllint worker: ${m.fatal}`));
      if (m.id !== id) return;
      cleanup();
      resolve({ code: m.code ?? -1, stderr: m.stderr ?? '' });
    };
    const onExit = () => stop(new Error('xmllint worker stopped'));
    const cleanup = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('exit', onExit);
    };
    w.on('message', onMessage);
    w.on('exit', onExit);
    w.postMessage({ kind: 'xmllint-run', id, files, args, maxBytes });
  });
}

/** Runs `xmllint ARGS` over in-memory files, after the runs already queued. */
export function xmllint(
  files: { fileName: string; contents: string }[],
  args: string[],
  maxBytes = 256 << 20,
): Promise<XmllintRun> {
  const run = queue.then(() => runOnce(files, args, maxBytes));
  queue = run.catch(() => undefined);
  return run;
}
