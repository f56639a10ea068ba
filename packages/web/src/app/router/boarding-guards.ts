import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { requireScope } from './loaders.ts';
import { type BoardingRouteName, boardingHref, isUuid } from '../../shared/routes/route-names.ts';
import { getSession, isLoggedIn, tokenScopes } from '../../shared/session/index.ts';

/** Boarding sections guarded by a read scope (spec §2). */
export type GuardedSection = Extract<BoardingRouteName, 'appforms' | 'appfiles' | 'offers' | 'contracts'>;

/**
 * Spec §2: "A missing scope is treated as not allowed and routed the same way" as a missing login,
 * i.e. to the boarding login of the link. The login page is told which section was refused
 * (`denied`), so it says so instead of sending the signed-in user straight back to the overview.
 * Bad links and a missing login keep the shell's handling (`requireScope`).
 */
export const requireSectionScope =
  (section: GuardedSection) =>
  (args: LoaderFunctionArgs): null => {
    const { uuid, role } = args.params;
    const scope = `${section}/read`;
    if (isUuid(uuid) && role && isLoggedIn() && !tokenScopes(getSession().payload).includes(scope))
      throw redirect(boardingHref('login', { uuid, role }, { denied: section }));
    return requireScope(scope)(args);
  };
