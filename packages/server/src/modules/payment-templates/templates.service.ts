import {
  errorFields,
  methodLabel,
  normalizeFilter,
  PAYMENT_METHODS,
  type PaymentMethod,
  type TemplateOwnership,
  type templateBodySchema,
  toMinor,
  isCurrencyCode,
  fromMinor,
  METHOD_REQUISITES,
  type RequisiteSpec,
  validatePayout,
} from '@portal/domain';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf } from '../payments/payments.service.ts';
import * as repo from './templates.repo.ts';

type TemplateBody = z.output<typeof templateBodySchema>;
interface SelectFilters {
  payment_method_label?: string | undefined;
  filter_param?: 'name' | 'payee' | undefined;
  filter_value?: string | undefined;
  ownership?: TemplateOwnership | undefined;
  merchant_shared?: boolean | undefined;
  cross_scheme?: boolean | undefined;
  sort_param: 'name' | 'created' | 'payee';
  sort_order: 'asc' | 'desc';
}

function toView(row: { t: repo.TemplateRow; ownerName: string }, userId: string) {
  const t = row.t;
  const method = t.method;
  return {
    id: t.id,
    name: t.name,
    payment_method: method,
    method_label: methodLabel(method),
    wallet_id: t.walletId === null ? null : String(t.walletId),
    currency: t.currency,
    amount: t.amount === null || !isCurrencyCode(t.currency) ? null : fromMinor(t.amount, t.currency),
    payee: t.payeeName,
    requisites: t.requisites,
    comments: t.comments,
    owner: { id: t.ownerId, name: row.ownerName },
    ownership:
      t.ownerId !== userId
        ? ('others' as const)
        : t.shared
          ? ('ownShared' as const)
          : ('ownNotShared' as const),
    merchant_shared: t.shared,
    cross_scheme: t.crossScheme,
    created: t.createdAt.toISOString(),
  };
}

/**
 * Payment templates (spec §3): owned by their maker, optionally shared with the company; the name is
 * unique in the company; only the owner changes one. Requisites typed are checked by the same rules as
 * a payment, but a template may leave fields (and the amount) empty.
 */
export function createTemplatesService(deps: AppDeps) {
  const { db, clock } = deps;

  async function values(merchantId: string, b: TemplateBody) {
    const typed = Object.fromEntries(
      Object.entries(b.requisites).filter(([, v]) => v !== undefined && v.trim() !== ''),
    );
    const check = validatePayout({
      method: b.payment_method,
      currency: b.currency,
      amount: b.amount ?? '1',
      requisites: typed,
    });
    if (!check.ok) {
      // Only fields the user filled count against a template; missing ones may be filled per payment.
      const filled = Object.fromEntries(
        Object.entries(check.errors).filter(
          ([k, e]) => e.code !== 'FIELD_REQUIRED' && (k !== 'amount' || b.amount !== null),
        ),
      );
      if (Object.keys(filled).length)
        throw new DomainError('VALIDATION', {}, { fields: errorFields(filled) });
    }
    const specs: readonly RequisiteSpec[] = METHOD_REQUISITES[b.payment_method];
    const requisites = Object.fromEntries(
      specs.flatMap((s) => (typed[s.field] ? [[s.field, typed[s.field]?.trim() ?? '']] : [])),
    );
    const walletId =
      b.wallet_id === null
        ? null
        : (await service(deps, 'wallets').getWalletForMerchant(db, merchantId, b.wallet_id)).id;
    return {
      name: b.name,
      method: b.payment_method,
      walletId,
      currency: b.currency,
      amount: b.amount !== null && isCurrencyCode(b.currency) ? toMinor(b.amount, b.currency) : null,
      payeeName: requisites.payee ?? '',
      requisites,
      comments: b.comments,
      shared: b.merchant_shared,
      crossScheme: b.cross_scheme,
    };
  }

  return {
    async select(principal: UserPrincipal, page: number, rows: number, f: SelectFilters) {
      const merchantId = companyOf(principal);
      const userId = principal.userId;
      const label = f.payment_method_label;
      const methodCode = label
        ? (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).find(
            (m) => PAYMENT_METHODS[m].label === label || m === label,
          )
        : undefined;
      if (label && !methodCode) return { templates: [], total: 0 };
      const where = repo.templateFilter({
        merchantId,
        userId,
        ownership: f.ownership,
        method: methodCode,
        shared: f.merchant_shared,
        crossScheme: f.cross_scheme,
        match:
          f.filter_param && f.filter_value
            ? {
                param: f.filter_param,
                pattern: wrap(normalizeFilter(f.filter_param, f.filter_value).value),
              }
            : undefined,
      });
      const [list, total] = await Promise.all([
        repo.list(
          db,
          where,
          { column: f.sort_param, desc: f.sort_order === 'desc' },
          rows,
          (page - 1) * rows,
        ),
        repo.count(db, where),
      ]);
      return { templates: list.map((r) => toView(r, userId)), total };
    },

    async save(principal: UserPrincipal, id: string | undefined, b: TemplateBody) {
      const merchantId = companyOf(principal);
      const now = clock.now();
      const v = await values(merchantId, b);
      let savedId = id;
      try {
        if (id) {
          const existing = await repo.find(db, id, merchantId);
          if (!existing || (existing.t.ownerId !== principal.userId && !existing.t.shared))
            throw new DomainError('TEMPLATE_NOT_FOUND');
          if (existing.t.ownerId !== principal.userId) throw new DomainError('TEMPLATE_NOT_OWN');
          await repo.update(db, id, { ...v, updatedAt: now });
        } else {
          savedId = await repo.insert(db, {
            ...v,
            merchantId,
            ownerId: principal.userId,
            createdAt: now,
            updatedAt: now,
          });
        }
      } catch (err) {
        if (isUniqueViolation(err))
          throw new DomainError(
            'TEMPLATE_NAME_TAKEN',
            {},
            { fields: { name: 'A template with this name already exists.' } },
          );
        throw err;
      }
      const row = savedId ? await repo.find(db, savedId, merchantId) : undefined;
      if (!row) throw new DomainError('TEMPLATE_NOT_FOUND');
      return toView(row, principal.userId);
    },

    /** Demo: a shared template of the Master User and a private one of the Standard User. */
    async seed(merchantId: string, standardUserId: string, masterUserId: string) {
      const now = clock.now();
      await repo.insert(db, {
        merchantId,
        ownerId: masterUserId,
        name: 'Monthly rent (Hollandse)',
        method: 'SEPA',
        currency: 'EUR',
        amount: 250_000n,
        payeeName: 'Hollandse Logistiek B.V.',
        requisites: { payee: 'Hollandse Logistiek B.V.', iban: 'NL91ABNA0417164300' },
        shared: true,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insert(db, {
        merchantId,
        ownerId: standardUserId,
        name: 'Acme supplies',
        method: 'FPS',
        currency: 'GBP',
        amount: null,
        payeeName: 'Acme Trading Ltd',
        requisites: { payee: 'Acme Trading Ltd', sortCode: '200000', accountNumber: '31926819' },
        shared: false,
        createdAt: now,
        updatedAt: now,
      });
    },
  };
}

const wrap = (v: string) => (v.includes('%') ? v : `%${v}%`);
