import { fromMinor, isCurrencyCode, type NotificationUnseen } from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import * as repo from './notifications.repo.ts';

/** Without a mark the browser gets the last day's movements (first poll after a reset). */
const FIRST_WINDOW_MS = 86_400_000;

/**
 * The unseen flag (spec §4: values 1 to 4): 1 nothing new, 2 new pay-ins, 3 new pay-out changes,
 * 4 both; opening a panel clears its part (docs/decisions.md).
 */
export function unseenFlag(inbound: boolean, outbound: boolean): NotificationUnseen {
  if (inbound && outbound) return 4;
  if (outbound) return 3;
  if (inbound) return 2;
  return 1;
}

export function createNotificationsService(deps: AppDeps) {
  const { db, clock } = deps;
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

  async function unseen(principal: UserPrincipal): Promise<NotificationUnseen> {
    if (!principal.merchantId) return 1;
    const [latest, marks] = await Promise.all([
      repo.latest(db, principal.merchantId),
      repo.marksOf(db, principal.userId, principal.merchantId),
    ]);
    const newer = (l: Date | null, seen: Date | null | undefined) => l !== null && (!seen || l > seen);
    return unseenFlag(
      newer(latest.inbound, marks?.inboundSeenAt),
      newer(latest.outbound, marks?.outboundSeenAt),
    );
  }

  return {
    async newTransactions(
      principal: UserPrincipal,
      marks: { inbound: string | null; outbound: string | null },
    ) {
      const now = clock.now();
      // Every company the user belongs to (the spec's list carries merchant_id per line), within the
      // notification scope of the current company's service type (spec §6: account or merchant service).
      const members = await service(deps, 'merchants').memberMerchantIds(principal.userId);
      const merchantIds = principal.merchantId
        ? await repo.inServiceScope(db, members, principal.merchantId)
        : members;
      const inSince = marks.inbound ? new Date(marks.inbound) : new Date(now.getTime() - FIRST_WINDOW_MS);
      const outSince = marks.outbound ? new Date(marks.outbound) : new Date(now.getTime() - FIRST_WINDOW_MS);
      const [inbound, outbound] = await Promise.all([
        repo.newInbound(db, merchantIds, inSince),
        repo.newOutbound(db, merchantIds, outSince),
      ]);
      const line = (direction: 'inbound' | 'outbound') => (s: repo.NewSums) => ({
        merchant_id: s.merchantId,
        direction,
        currency: s.currency,
        amount: isCurrencyCode(s.currency) ? fromMinor(BigInt(s.amount), s.currency) : s.amount,
        quantity: s.quantity,
      });
      const maxOf = (list: repo.NewSums[]) => list.reduce<Date | null>((m, s) => later(m, s.last), null);
      return {
        merchant_new_transactions: [...inbound.map(line('inbound')), ...outbound.map(line('outbound'))],
        last_charge_date_inbound: (later(maxOf(inbound), inSince) ?? now).toISOString(),
        last_operation_timestamp_outbound: (later(maxOf(outbound), outSince) ?? now).toISOString(),
        unseen: await unseen(principal),
      };
    },

    async markSeen(principal: UserPrincipal, panel: 'inbound' | 'outbound' | 'all') {
      if (principal.merchantId)
        await repo.markSeen(db, principal.userId, principal.merchantId, panel, clock.now());
      return unseen(principal);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
