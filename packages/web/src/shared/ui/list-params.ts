import { useSearchParams } from 'react-router';

/** `value` when it is one of `list` (a URL parameter naming a status, a currency…), else undefined. */
export const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list page in the URL (`page`), 1 when missing or not a number. */
export const pageOf = (params: URLSearchParams): number => Math.max(1, Number(params.get('page')) || 1);

/** URL parameters that open something over the list (a dialog, an item's details). */
const OPENERS = ['dialog', 'id'];

/**
 * A list page whose filters, page, dialog and opened item live in the URL (house style: lists can be
 * bookmarked). `set` writes one parameter (an empty value removes it): a filter goes back to page 1
 * and replaces the history entry (unless `filterHistory` is `push`); opening a dialog or an item adds
 * one, so Back closes it.
 */
export function useListParams({ filterHistory = 'replace' }: { filterHistory?: 'replace' | 'push' } = {}) {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null | undefined) => {
    const isOpener = OPENERS.includes(key);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page' && !isOpener) next.delete('page');
        return next;
      },
      { replace: !isOpener && filterHistory === 'replace' },
    );
  };
  return { params, setParams, set, page: pageOf(params) };
}
