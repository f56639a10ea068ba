import {
  CURRENCY_CODES,
  DIRECTORY_NETWORKS,
  DIRECTORY_SERVICES,
  type DirectoryFilter,
  ISO_COUNTRY_CODES,
} from '@portal/domain';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The directory's dialogs, opened through `?dialog=` (so a menu link can open one). */
export type DirectoryDialog = 'join' | 'change' | 'leave';
const DIALOGS: readonly DirectoryDialog[] = ['join', 'change', 'leave'];

/** A change of URL parameters; an empty value removes the parameter. */
export type DirectoryParamsPatch = Record<string, string | undefined>;

export type DirectoryParams = ReturnType<typeof useDirectoryParams>;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** Filters live in the URL so a search can be bookmarked and shared. */
export function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  const filter: DirectoryFilter = {
    search: params.get('search') ?? undefined,
    service: oneOf(DIRECTORY_SERVICES, params.get('service')),
    country: oneOf(ISO_COUNTRY_CODES, params.get('country')),
    currency: oneOf(CURRENCY_CODES, params.get('currency')),
    network: oneOf(DIRECTORY_NETWORKS, params.get('network')),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const dialog = oneOf(DIALOGS, params.get('dialog'));
  // `setParams` changes identity with the URL: `update` calls the latest one through a ref, so it
  // stays stable and effects that depend on it cannot loop.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const update = useCallback(
    (patch: DirectoryParamsPatch) =>
      setParamsRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          // A new filter starts at page 1; opening a dialog keeps the page.
          if (!('page' in patch) && !('dialog' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [],
  );
  return { filter, page, dialog, update };
}
