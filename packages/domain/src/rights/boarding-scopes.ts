import type { BoardingRole } from '../enums/boarding.ts';

/** Boarding sections guarded by scopes (spec §2: children of the boarding main page). */
export const BOARDING_SECTIONS = ['appforms', 'appfiles', 'offers', 'contracts'] as const;
export type BoardingSection = (typeof BOARDING_SECTIONS)[number];

export const SCOPE_ACCESS = ['read', 'write'] as const;
export type ScopeAccess = (typeof SCOPE_ACCESS)[number];

/** A boarding scope as the routes name it: `appforms/read`, `offers/write` … */
export type BoardingScope = `${BoardingSection}/${ScopeAccess}`;

const READ_WRITE = ['read', 'write'] as const;
const READ_ONLY = ['read'] as const;

/**
 * Access per role and section (spec §6). The beneficial owner has no section scope: a BO only
 * signs their own questionnaire from the verification page.
 */
export const ROLE_SECTION_ACCESS = {
  bc: { appforms: READ_WRITE, appfiles: READ_WRITE },
  as: { appforms: READ_WRITE, appfiles: READ_WRITE, offers: READ_WRITE, contracts: READ_WRITE },
  lr: { appforms: READ_WRITE, appfiles: READ_WRITE, offers: READ_ONLY, contracts: READ_ONLY },
  bo: {},
} as const satisfies Record<BoardingRole, Partial<Record<BoardingSection, readonly ScopeAccess[]>>>;

/**
 * Scopes of a boarding role (spec §6). When the consolidated record has a partner, the partner
 * handles the offer, so every offers scope is removed.
 */
export function scopesForRole(role: BoardingRole, options: { hasPartner: boolean }): BoardingScope[] {
  const access: Partial<Record<BoardingSection, readonly ScopeAccess[]>> = ROLE_SECTION_ACCESS[role];
  const scopes: BoardingScope[] = [];
  for (const section of BOARDING_SECTIONS) {
    if (section === 'offers' && options.hasPartner) continue;
    for (const level of access[section] ?? []) scopes.push(`${section}/${level}`);
  }
  return scopes;
}

/** Whether a scope list grants a scope; a missing scope counts as not allowed (spec §2). */
export function hasScope(scopes: readonly string[], scope: BoardingScope): boolean {
  return scopes.includes(scope);
}

/**
 * Contacts are viewable only by roles as or lr once at least one contract is signed (spec §6).
 */
export function canViewContacts(role: BoardingRole, signedContracts: number): boolean {
  return (role === 'as' || role === 'lr') && signedContracts > 0;
}

/** Who is deleting a principal person: their role and whether they are the principal of it. */
export interface PrincipalActor {
  role: BoardingRole;
  isPrincipal: boolean;
}

/**
 * Spec §6: the principal AS can be deleted only by the principal LR or the boarding contact;
 * the principal LR only by the principal AS.
 */
export function canDeletePrincipal(target: 'as' | 'lr', actor: PrincipalActor): boolean {
  if (target === 'as') return actor.role === 'bc' || (actor.role === 'lr' && actor.isPrincipal);
  return actor.role === 'as' && actor.isPrincipal;
}
