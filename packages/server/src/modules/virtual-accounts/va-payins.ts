import type { Db, Tx } from '../../db/client.ts';
import * as repo from './va.repo.ts';

/** Who a pay-in to a VA number belongs to; the processing service books or returns it. */
export async function resolveForPayIn(dbx: Db | Tx, number: string) {
  const v = await repo.findVaByNumber(dbx, number.replace(/[\s-]/g, '').toUpperCase());
  if (!v) return null;
  return {
    id: v.id,
    number: v.number,
    merchantId: v.merchantId,
    walletId: v.walletId,
    status: v.status,
    customerId: v.clientCustomerId,
    customerName: v.clientCustomerName,
    isActive: v.status === 'active',
  };
}
