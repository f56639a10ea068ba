import { describe, expect, it } from 'vitest';
import { canDeletePrincipal, canViewContacts, hasScope, scopesForRole } from './boarding-scopes.ts';

describe('scopesForRole (spec §6)', () => {
  it.each([
    ['bc', false, ['appforms/read', 'appforms/write', 'appfiles/read', 'appfiles/write']],
    ['bc', true, ['appforms/read', 'appforms/write', 'appfiles/read', 'appfiles/write']],
    [
      'as',
      false,
      [
        'appforms/read',
        'appforms/write',
        'appfiles/read',
        'appfiles/write',
        'offers/read',
        'offers/write',
        'contracts/read',
        'contracts/write',
      ],
    ],
    [
      'as',
      true,
      [
        'appforms/read',
        'appforms/write',
        'appfiles/read',
        'appfiles/write',
        'contracts/read',
        'contracts/write',
      ],
    ],
    [
      'lr',
      false,
      ['appforms/read', 'appforms/write', 'appfiles/read', 'appfiles/write', 'offers/read', 'contracts/read'],
    ],
    ['lr', true, ['appforms/read', 'appforms/write', 'appfiles/read', 'appfiles/write', 'contracts/read']],
    ['bo', false, []],
  ] as const)('%s with partner %s', (role, hasPartner, scopes) => {
    expect(scopesForRole(role, { hasPartner })).toEqual(scopes);
  });

  it('treats a missing scope as not allowed', () => {
    const scopes = scopesForRole('lr', { hasPartner: false });
    expect(hasScope(scopes, 'offers/read')).toBe(true);
    expect(hasScope(scopes, 'offers/write')).toBe(false);
  });
});

describe('contacts and principals (spec §6)', () => {
  it.each([
    ['as', 1, true],
    ['lr', 2, true],
    ['as', 0, false],
    ['bc', 1, false],
    ['bo', 1, false],
  ] as const)('%s with %i signed contracts may view contacts: %s', (role, signed, may) => {
    expect(canViewContacts(role, signed)).toBe(may);
  });

  it.each([
    ['as', { role: 'lr', isPrincipal: true }, true],
    ['as', { role: 'bc', isPrincipal: false }, true],
    ['as', { role: 'lr', isPrincipal: false }, false],
    ['as', { role: 'as', isPrincipal: true }, false],
    ['lr', { role: 'as', isPrincipal: true }, true],
    ['lr', { role: 'as', isPrincipal: false }, false],
    ['lr', { role: 'bc', isPrincipal: false }, false],
  ] as const)('principal %s deleted by %j: %s', (target, actor, may) => {
    expect(canDeletePrincipal(target, actor)).toBe(may);
  });
});
