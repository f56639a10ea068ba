import { useMatches } from 'react-router';

/** Metadata every route carries in `handle`; layouts read the deepest one. */
export interface RouteHandle {
  /** Spec §2 route name. */
  name: string;
  mode: 'normal' | 'boarding';
  /** Reachable without login: the app area is not blurred there. */
  isPublic?: boolean;
  /** Content uses the full height (directory). */
  fullHeight?: boolean;
  /** The maintenance rule does not log out on this route (spec §2: verification page). */
  ignoresMaintenance?: boolean;
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}
