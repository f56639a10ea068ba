import { CLIENT_USER_RIGHTS, type ClientUserRight } from '../enums/users.ts';

/** On/off state of every client user right (invitation and user-edit forms). */
export type RightsState = Record<ClientUserRight, boolean>;

/** All rights off: the starting state of a new Standard User invitation. */
export function noRights(): RightsState {
  return {
    create: false,
    approve: false,
    approveOwn: false,
    cancel: false,
    refund: false,
    instantFx: false,
    vaIndividual: false,
    vaCorporate: false,
    onchainTransfer: false,
  };
}

/** Every right on. */
export function allRights(): RightsState {
  const rights = noRights();
  for (const right of CLIENT_USER_RIGHTS) rights[right] = true;
  return rights;
}

/**
 * Applies the dependency rules of spec §5 after the user toggled `changed`:
 * - approve switched on → create is switched on with it;
 * - create off → approve off; approve off → approve own off.
 * So the result always satisfies approveOwn ⇒ approve ⇒ create. Only switching approve on
 * pulls a right up; every other conflict is resolved by switching the dependent right off,
 * because approve own is a disabled control while approve is off (see {@link rightsControls}).
 */
export function normalizeRights(rights: RightsState, changed: ClientUserRight): RightsState {
  const next = { ...rights };
  if (changed === 'approve' && next.approve) next.create = true;
  if (!next.create) next.approve = false;
  if (!next.approve) next.approveOwn = false;
  return next;
}

/** Which controls of the rights form are disabled (spec §5). */
export function rightsControls(rights: RightsState): Record<ClientUserRight, { disabled: boolean }> {
  const enabled = { disabled: false };
  return {
    create: enabled,
    approve: { disabled: !rights.create },
    approveOwn: { disabled: !rights.approve },
    cancel: enabled,
    refund: enabled,
    instantFx: enabled,
    vaIndividual: enabled,
    vaCorporate: enabled,
    onchainTransfer: enabled,
  };
}

/** Auto-approve of payouts is available only with the approve right (spec §6). */
export function canAutoApprove(rights: Pick<RightsState, 'approve'>): boolean {
  return rights.approve;
}

/**
 * Whether a user may approve a payment: approve right, and approve own when they created it.
 */
export function canApprovePayment(
  rights: Pick<RightsState, 'approve' | 'approveOwn'>,
  isOwnPayment: boolean,
): boolean {
  return rights.approve && (!isOwnPayment || rights.approveOwn);
}
