import {
  type ClientUserKind,
  type ClientUserRight,
  formatMinorAmount,
  type OperatorWallet,
  type OperatorWalletStatus,
  WALLET_STATUS,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { assertRightsConsistent } from '../users/access.ts';
import { money } from '../wallets/money.ts';
import * as repo from './operator-tools.repo.ts';

const NAME_OF: Record<number, OperatorWalletStatus> = {
  [WALLET_STATUS.active]: 'active',
  [WALLET_STATUS.disabled]: 'disabled',
  [WALLET_STATUS.closed]: 'closed',
};

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function createOperatorToolsService(deps: AppDeps) {
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');
  const users = () => service(deps, 'users');

  async function view(x: DbOrTx, w: repo.OperatorWalletRow): Promise<OperatorWallet> {
    const balances = await ledger().balances(x, w.id);
    return {
      id: w.uuid,
      merchant_id: w.merchantId,
      merchant_name: w.merchantName,
      name: w.uiName,
      status: NAME_OF[w.status] ?? 'disabled',
      status_reason: w.statusReason,
      status_changed_at: w.statusChangedAt?.toISOString() ?? null,
      balances: balances.map((b) => ({
        currency: b.currency,
        balance: money(b.balance, b.currency),
        available: money(b.available, b.currency),
      })),
    };
  }

  async function liveCompany(id: string) {
    const company = await repo.findCompany(db, id);
    if (!company || company.status !== 1) throw new DomainError('OPERATOR_COMPANY_NOT_FOUND');
    return company;
  }

  return {
    companies: () => repo.liveCompanies(db),

    /** What waits for staff, for the landing page (issue 36). */
    queues: () => repo.staffQueues(db),

    async wallets(merchantId: string) {
      await liveCompany(merchantId);
      const rows = await repo.walletsOfCompany(db, merchantId);
      const out: OperatorWallet[] = [];
      for (const w of rows) out.push(await view(db, w));
      return out;
    },

    /**
     * Spec §4 wallet status: active ⇄ disabled; active or disabled → closed once the wallet holds
     * nothing (zero balance, nothing held); closed is final (docs/decisions.md, operator tools).
     */
    async setWalletStatus(
      uuid: string,
      next: OperatorWalletStatus,
      reason: string,
      adminId: string,
      meta: RequestMeta,
    ) {
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const w = await repo.lockWallet(tx, uuid);
        if (!w) throw new DomainError('WALLET_NOT_FOUND');
        const from = NAME_OF[w.status] ?? 'disabled';
        if (from === 'closed') throw new DomainError('WALLET_STATUS_FINAL');
        if (from === next) throw new DomainError('WALLET_STATUS_UNCHANGED', { status: next });
        if (next === 'closed') {
          for (const b of await ledger().balances(tx, w.id)) {
            const held = b.balance - b.available;
            if (b.balance !== 0n || held !== 0n) {
              throw new DomainError('WALLET_CLOSE_NOT_EMPTY', {
                currency: b.currency,
                amount: formatMinorAmount(b.balance !== 0n ? b.balance : held, b.currency, 'en-GB'),
              });
            }
          }
        }
        await wallets().setStatus(tx, w.id, { status: WALLET_STATUS[next], reason, at: now });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'wallets.status_changed',
          subjectType: 'wallet',
          subjectId: w.uuid,
          ...meta,
          details: { merchantId: w.merchantId, from, to: next, reason },
        });
        // The postbacks module has no wallet event type (spec §9 postback types), so no event here.
        return view(tx, { ...w, status: WALLET_STATUS[next], statusReason: reason, statusChangedAt: now });
      });
    },

    async addMembership(
      input: { email: string; merchantId: string; type: ClientUserKind; rights: ClientUserRight[] },
      adminId: string,
      meta: RequestMeta,
    ) {
      const rights = assertRightsConsistent(input.rights);
      const company = await liveCompany(input.merchantId);
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) throw new DomainError('OPERATOR_USER_NOT_FOUND', { email: input.email });
      if (await repo.isStaff(db, user.id)) throw new DomainError('OPERATOR_USER_IS_STAFF');
      const existing = await repo.findMembership(db, user.id, company.id);
      if (existing?.status === 1) throw new DomainError('MEMBERSHIP_EXISTS', { company: company.name });
      await inTransaction(db, async (tx) => {
        const added = await users().upsertMembership(tx, {
          userId: user.id,
          merchantId: company.id,
          isMaster: input.type === 'master',
          rights,
          at: clock.now(),
        });
        if (!added) throw new DomainError('MEMBERSHIP_EXISTS', { company: company.name });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'users.company_added',
          subjectType: 'user',
          subjectId: user.id,
          ...meta,
          details: { merchantId: company.id, type: input.type, rights },
        });
      });
      return {
        user_id: user.id,
        email: user.email,
        merchant_id: company.id,
        merchant_name: company.name,
        type: input.type,
        access_rights: rights,
      };
    },
  };
}

export type OperatorToolsService = ReturnType<typeof createOperatorToolsService>;
