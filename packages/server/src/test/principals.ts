import type { UserPrincipal } from '../http/principal.ts';

/** The principal of an operator in the admin group, as the token reader would build it. */
export const adminPrincipal = (userId: string, sessionId: string): UserPrincipal => ({
  kind: 'user',
  userId,
  sessionId,
  merchantId: null,
  isMaster: false,
  isAdmin: true,
  group: 'admin',
  rights: new Set(),
  impersonatorId: null,
  autoApprovePayouts: false,
});
