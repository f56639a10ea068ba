import { useDeferredValue } from 'react';

/**
 * A query's data for a heavy view, drawn in a background render that yields to the browser when it
 * arrives or changes (the previous picture, or the placeholder, stays until the new one is ready).
 * On a slow phone, drawing a widget the moment its answer came in blocked the main thread (the
 * dashboard's chart and recent payments: issue 15, Lighthouse mobile). `loading` is true until
 * something can be drawn; after a failed first load it is false with no data.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }) {
  const data = useDeferredValue(query.data);
  return { data, loading: data === undefined && (query.isPending || query.data !== undefined) };
}
