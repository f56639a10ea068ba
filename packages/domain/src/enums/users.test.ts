import { describe, expect, it } from 'vitest';
import {
  ADMIN_GROUP_ALIASES,
  ADMIN_GROUPS,
  CLIENT_USER_RIGHT_LABELS,
  CLIENT_USER_RIGHTS,
  CONFIRMATION_TOKEN_TYPES,
  INVITATION_STATUSES,
  NOTIFICATION_SCOPES,
  SERVICE_TYPES,
} from './users.ts';

describe('user enums', () => {
  it('has the three admin groups and maps the other spellings onto them', () => {
    expect(ADMIN_GROUPS).toEqual(['admin', 'CSM', 'FIN_OPS_EXTRA']);
    for (const group of Object.values(ADMIN_GROUP_ALIASES)) expect(ADMIN_GROUPS).toContain(group);
  });

  it('has the nine client rights, each with a label', () => {
    expect(CLIENT_USER_RIGHTS).toHaveLength(9);
    expect(new Set(CLIENT_USER_RIGHTS).size).toBe(CLIENT_USER_RIGHTS.length);
    for (const right of CLIENT_USER_RIGHTS) expect(right).toMatch(/^[a-z]+(?:[A-Z][a-z]*)*$/);
    // The labels follow the rights in the order the invitation form lists them.
    expect(Object.keys(CLIENT_USER_RIGHT_LABELS)).toEqual([...CLIENT_USER_RIGHTS]);
    expect(CLIENT_USER_RIGHTS.indexOf('approveOwn')).toBe(CLIENT_USER_RIGHTS.indexOf('approve') + 1);
  });

  it('keeps service types and scopes aligned', () => {
    expect(SERVICE_TYPES).toEqual(['AccountService', 'MerchantService']);
    expect(Object.values(NOTIFICATION_SCOPES)).toEqual([...SERVICE_TYPES]);
  });

  it('lists invitation statuses and token types', () => {
    expect(INVITATION_STATUSES).toHaveLength(9);
    expect(CONFIRMATION_TOKEN_TYPES).toEqual(['link', 'secret', 'mfa', 'otp', 'password']);
  });
});
