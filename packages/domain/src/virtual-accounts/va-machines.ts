import { canChangeVaStatus, VA_REASON_TARGET_STATUS } from '../enums/wallets.ts';
import type { VaAction, VaacCode, VaRequestStatus, VaStatus } from './va-codes.ts';

/** VA status transitions (spec §4, enums/wallets.ts): closed is final, so a closed number never reopens. */
export function canVaTransition(from: VaStatus, to: VaStatus): boolean {
  return canChangeVaStatus(from, to);
}

/** Target status of a client action. */
export function vaActionTarget(action: VaAction): VaStatus {
  switch (action) {
    case 'disable':
      return 'disabled';
    case 'enable':
      return 'active';
    case 'close':
      return 'closed';
    default: {
      const never: never = action;
      throw new Error(`unknown action ${String(never)}`);
    }
  }
}

/** Whether a reason code fits an action: disabling takes VAAC02x, closing VAAC01x/03x, enabling none. */
export function reasonFitsAction(action: VaAction, reason: VaacCode | null | undefined): boolean {
  if (action === 'enable') return reason == null;
  if (reason == null) return false;
  return VA_REASON_TARGET_STATUS[reason] === vaActionTarget(action);
}

/**
 * VA request transitions (spec §4 names the states, docs/decisions.md the arrows):
 * created → pending (enhanced compliance review) | approved | declined | canceled;
 * pending → approved | declined | canceled; approved → allocated (a VA is given);
 * allocated → accepted (banking details synced and fetched by the client).
 */
export const VA_REQUEST_TRANSITIONS: Record<VaRequestStatus, readonly VaRequestStatus[]> = {
  created: ['pending', 'approved', 'declined', 'canceled'],
  pending: ['approved', 'declined', 'canceled'],
  approved: ['allocated'],
  allocated: ['accepted'],
  declined: [],
  canceled: [],
  accepted: [],
};

export function canVaRequestTransition(from: VaRequestStatus, to: VaRequestStatus): boolean {
  return VA_REQUEST_TRANSITIONS[from].includes(to);
}

/** Open requests staff can decide and the client can cancel. */
export const VA_REQUEST_OPEN: readonly VaRequestStatus[] = ['created', 'pending'];
