import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/index.ts';
import { i18n } from '../../shared/i18n/index.ts';
import {
  clearSession,
  getSession,
  isLoggedIn,
  markFirstRefreshDone,
  needsFirstRefresh,
  refreshToken,
  tokenScopes,
} from '../../shared/session/index.ts';
import { preloadSignedInParts, SessionExpiryWarning } from '../layout/signed-in-parts.ts';
import { boardingHref, href, isBoardingPath, isUuid } from '../../shared/routes/route-names.ts';

const fullPath = (request: Request): string => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

export const loginRedirectFor = (target: string): string =>
  href('login', undefined, target && target !== '/' ? { redirect: target } : undefined);

/** Error page for a link that does not exist in boarding mode (spec §2). */
export const badLinkUrl = (uuid?: string, role?: string): string =>
  boardingHref(
    'err',
    { uuid: isUuid(uuid) ? uuid : undefined, role: isUuid(uuid) ? role : undefined },
    { m: i18n.t('errors:types.badLink'), t: 'badLink' },
  );

/**
 * First protected navigation after a page load refreshes the token (spec §2): a maintenance answer
 * sends the user to login, any other refusal logs out and shows its message on the error page.
 * A network failure keeps the session; the next call reports it.
 */
async function refreshOnce(
  onMaintenance: () => string,
  onRefused: (message: string) => string,
  boarding?: { uuid: string; role: string },
): Promise<void> {
  if (!needsFirstRefresh()) return;
  markFirstRefreshDone();
  try {
    await refreshToken(boarding);
  } catch (error) {
    if (!(error instanceof ApiError)) return;
    clearSession();
    if (error.isMaintenance) throw redirect(onMaintenance());
    throw redirect(onRefused(errorMessage(error, i18n.t)));
  }
}

/** Guard of normal-mode protected routes: login with `redirect` = the full path. */
export async function requireUser({ request }: LoaderFunctionArgs): Promise<null> {
  const target = fullPath(request);
  if (!isLoggedIn()) throw redirect(loginRedirectFor(target));
  // The layout's signed-in parts (side menu, session countdown) load while the guard and the page do.
  void preloadSignedInParts();
  await refreshOnce(
    () => loginRedirectFor(target),
    (m) => href('err', undefined, { m }),
  );
  return null;
}

/**
 * Guard of boarding `/:uuid/:role`. A first segment that is not a UUID is a normal-mode unknown
 * path (e.g. /acclst/x) and goes to `/`; without login it goes to the link's boarding login.
 */
export async function requireBoardingUser({ params, request }: LoaderFunctionArgs): Promise<null> {
  const { uuid, role } = boardingParams(request, params);
  if (!isLoggedIn()) throw redirect(boardingHref('login', { uuid, role }));
  void SessionExpiryWarning.preload().catch(() => undefined);
  await refreshOnce(
    () => boardingHref('login', { uuid, role }),
    (m) => boardingHref('err', { uuid, role }, { m, t: 'refresh' }),
    { uuid, role },
  );
  return null;
}

/**
 * `/:uuid/:role` also matches two-segment normal paths (`/acclst/x`) and half boarding links
 * (`/verifications/x`). Child loaders run in parallel with the parent's, so every boarding loader
 * applies this same check: not a boarding path → `/`; a boarding path that is not a valid link → error page.
 */
function boardingParams(
  request: Request,
  params: LoaderFunctionArgs['params'],
): { uuid: string; role: string } {
  const { uuid, role } = params;
  if (!isUuid(uuid))
    throw redirect(isBoardingPath(new URL(request.url).pathname) ? badLinkUrl() : href('main'));
  if (!uuid || !role) throw redirect(badLinkUrl(uuid));
  return { uuid, role };
}

/** Boarding child `*`: an unknown section of a valid-looking link. */
export function unknownBoardingPath({ params, request }: LoaderFunctionArgs): never {
  const { uuid, role } = boardingParams(request, params);
  throw redirect(badLinkUrl(uuid, role));
}

/** Boarding child guard: a missing scope is treated as not logged in (spec §2). */
export const requireScope =
  (scope: string) =>
  ({ params, request }: LoaderFunctionArgs): null => {
    const { uuid, role } = boardingParams(request, params);
    if (!tokenScopes(getSession().payload).includes(scope))
      throw redirect(boardingHref('login', { uuid, role }));
    return null;
  };

/** Any path no route matched: boarding-looking paths get the bad-link error, others go to `/`. */
export function unknownPath({ request }: LoaderFunctionArgs): never {
  const { pathname } = new URL(request.url);
  if (isBoardingPath(pathname)) {
    const [, first, second] = pathname.split('/');
    throw redirect(first === 'brd' ? badLinkUrl(second) : badLinkUrl(first, second));
  }
  throw redirect(href('main'));
}
