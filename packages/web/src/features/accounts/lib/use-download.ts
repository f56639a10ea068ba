import type { RouteDef } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, notifyError, saveFile, type TransferProgress } from '../../../shared/api/index.ts';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: TransferProgress }
  | { phase: 'done'; fileName: string; size: number }
  | { phase: 'failed'; error: unknown };

/** Runs one file download at a time with progress; failures show the red notification and stay in state. */
export function useDownload() {
  const { t } = useTranslation();
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (
      route: RouteDef,
      options: { params?: Record<string, string | number | undefined>; body?: unknown; fallbackName: string },
    ) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'running', progress: { received: 0, total: null } });
      try {
        const file = await downloadFile(route, {
          ...options,
          signal: abort.signal,
          onProgress: (progress) => setState({ phase: 'running', progress }),
        });
        saveFile(file);
        setState({ phase: 'done', fileName: file.fileName, size: file.blob.size });
        return true;
      } catch (error) {
        if (abort.signal.aborted) {
          setState({ phase: 'idle' });
          return false;
        }
        notifyError(error, t, { persistent: true });
        setState({ phase: 'failed', error });
        return false;
      }
    },
    [t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, start, cancel, reset, isRunning: state.phase === 'running' };
}
