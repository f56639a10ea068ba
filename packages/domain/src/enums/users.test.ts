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
    expect(CLIENT_USER_RIGHTS).toEqual([
      'create',
      'approve',
      'approveOwn',
      'cancel',
      'refund',
      'instantFx',
      'vaIndividual',
      'vaCorporate',
      'onchainTransfer',
    ]);
    expect(Object.keys(CLIENT_USER_RIGHT_LABELS)).toEqual([...CLIENT_USER_RIGHTS]);
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
