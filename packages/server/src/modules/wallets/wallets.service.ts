import {
  bicOfWalletIban,
  checkListFilter,
  ibanCountryForCurrency,
  isCurrencyCode,
  likePattern,
  PLATFORM_IBAN_PREFIX,
  type PlatformLabel,
  providerIban,
  sortCurrencies,
  WALLET_STATUS,
  type WalletRow,
  type walletRoutes,
} from '@portal/domain';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { EntryDetails } from '../../db/schema/index.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { money } from './money.ts';
import * as repo from './wallets.repo.ts';

/** The parsed body of a route (after defaults and coercion). */
export type BodyOf<R extends { body?: z.ZodType }> = z.output<NonNullable<R['body']>>;
type ListBody = BodyOf<typeof walletRoutes.walletsList>;

/** The company the caller acts for; a user without one sees no wallets. */
export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

export type WalletsService = ReturnType<typeof createWalletsService>;

export function createWalletsService(deps: AppDeps) {
  const ledger = () => service(deps, 'ledger');

  async function getWalletForMerchant(db: DbOrTx, merchantId: string, idOrUuid: number | string) {
    const wallet = await repo.findWallet(db, merchantId, idOrUuid);
    if (!wallet) throw new DomainError('WALLET_NOT_FOUND');
    return wallet;
  }

  /** Opens a wallet with its ledger account and an IBAN of the platform's internal prefix (spec §9). */
  async function openWallet(
    tx: Tx,
    w: {
      merchantId: string;
      currency: string;
      platform: PlatformLabel;
      uiName?: string;
      parentId?: number | null;
      /** When the account was opened, for a history loaded after the fact (demo data); now when absent. */
      openedAt?: Date;
    },
  ) {
    if (!isCurrencyCode(w.currency)) throw new Error(`unknown currency ${w.currency}`);
    const openedAt = w.openedAt ?? deps.clock.now();
    const wallet = await repo.insertWallet(tx, {
      merchantId: w.merchantId,
      parentId: w.parentId ?? null,
      uiName: w.uiName ?? `${w.currency} account`,
      // The app's clock, as the ledger dates entries, so an account never opens after its first entry.
      createdAt: openedAt,
    });
    await ledger().walletAccount(tx, wallet.id, w.currency, w.merchantId);
    const country = ibanCountryForCurrency(w.currency);
    const prefix = PLATFORM_IBAN_PREFIX[w.platform][country];
    const iban = await repo.insertIban(tx, {
      walletId: wallet.id,
      merchantId: w.merchantId,
      iban: providerIban(country, prefix, await repo.nextIbanSerial(tx)),
      country,
      bankCode: prefix,
      checkRuleCode: country === 'GB' ? 'SEPA_UK_ACCOUNT' : 'SEPA',
      createdAt: openedAt,
    });
    return { ...wallet, iban: iban.iban };
  }

  /** Rows of the list: IBANs and per-currency totals of a page of wallets in two queries. */
  async function toRows(db: DbOrTx, list: repo.WalletListRow[]): Promise<WalletRow[]> {
    const ids = list.map((w) => w.id);
    const [ibans, totals] = await Promise.all([repo.activeIbansOf(db, ids), ledger().walletTotals(db, ids)]);
    return list.map((w) => {
      const mine = sortByCurrency(totals.filter((t) => t.walletId === w.id));
      return {
        id: w.id,
        uuid: w.uuid,
        ui_name: w.uiName,
        status: w.status === 0 ? 0 : w.status === 2 ? 2 : 1,
        parent_id: w.parentId,
        is_subaccount: w.parentId !== null,
        created: w.created,
        ibans: ibans
          .filter((i) => i.walletId === w.id)
          .map((i) => ({ iban_number: i.iban, country: i.country, bic: bicOfWalletIban(i.iban) })),
        balances: mine.map((t) => ({
          currency: t.currency,
          balance: money(t.balance, t.currency),
          available: money(t.available, t.currency),
        })),
        subaccounts_quantity: w.subaccounts,
        has_negative_balance: mine.some((t) => t.balance < 0n || t.available < 0n),
      };
    });
  }

  function listQuery(merchantId: string, body: Omit<ListBody, 'sort_param' | 'sort_order'>) {
    if (body.merchant_id && body.merchant_id !== merchantId) throw new DomainError('WALLET_NOT_FOUND');
    const param = body.filter_param ?? body.filter_code;
    const raw = body.filter_value?.trim() ?? '';
    let filter: repo.WalletListQuery['filter'];
    let forcePageOne = false;
    if (param && raw !== '') {
      const checked = checkListFilter(param, raw);
      if (!checked.ok)
        throw new DomainError(checked.error, {}, { fields: { filter_value: 'Invalid IBAN filter' } });
      forcePageOne = checked.forcePageOne;
      const exact = param === 'currency' || (param === 'iban_number' && checked.forcePageOne);
      filter = { param, pattern: exact ? checked.value : likePattern(checked.value), exact };
    }
    return {
      forcePageOne,
      query: {
        merchantId,
        status: body.wallet_status,
        topLevelOnly: !filter && body.with_subaccounts !== true,
        filter,
      },
    };
  }

  return {
    getWalletForMerchant,
    openWallet,

    /** Operator console (issue 18): the new status, in the caller's transaction (wallet locked). */
    setStatus: (tx: DbOrTx, walletId: number, s: { status: number; reason: string; at: Date }) =>
      repo.setWalletStatus(tx, walletId, s),

    /**
     * New pay-outs, exchanges and on-chain sends start here (issue 18): a disabled wallet refuses
     * them with the operator's reason, a closed one as closed. Incoming money is the ledger's rule.
     */
    assertOutgoingAllowed(wallet: { status: number; statusReason: string | null }) {
      if (wallet.status === WALLET_STATUS.closed) throw new DomainError('WALLET_CLOSED');
      if (wallet.status !== WALLET_STATUS.active)
        throw new DomainError('WALLET_DISABLED', { reason: wallet.statusReason ?? '—' });
    },

    /** Go-live: one wallet per currency, each with its IBAN (boarding calls this in its transaction). */
    async openCompanyWallets(
      tx: Tx,
      c: { merchantId: string; currencies: string[]; platform: PlatformLabel },
    ) {
      const opened = [];
      for (const currency of sortCurrencies(c.currencies))
        opened.push(await openWallet(tx, { ...c, currency }));
      return opened;
    },

    /** Money arriving from outside (processing simulator, seed): wallet +, pay-in clearing −. */
    async recordPayIn(
      tx: Tx,
      p: {
        walletId: number;
        currency: string;
        amount: bigint;
        reference: string;
        valueDate?: Date;
        details?: EntryDetails;
      },
    ) {
      if (p.amount <= 0n) throw new Error('a pay-in must be positive');
      const wallet = await ledger().walletAccount(tx, p.walletId, p.currency);
      const clearing = await ledger().systemAccount(tx, 'payin_clearing', p.currency);
      return ledger().postEntry(tx, {
        kind: 'payin',
        reference: p.reference,
        ...(p.valueDate ? { valueDate: p.valueDate } : {}),
        details: p.details ?? {},
        postings: [
          { accountId: wallet, amount: p.amount },
          { accountId: clearing, amount: -p.amount },
        ],
      });
    },

    async list(principal: UserPrincipal, page: number, rows: number, body: ListBody) {
      const merchantId = companyOf(principal);
      const { query, forcePageOne } = listQuery(merchantId, body);
      const effectivePage = forcePageOne ? 1 : page;
      const [list, quantity] = await Promise.all([
        repo.listWallets(deps.db, {
          ...query,
          sort: body.sort_param,
          order: body.sort_order,
          limit: rows,
          offset: (effectivePage - 1) * rows,
        }),
        repo.countWallets(deps.db, query),
      ]);
      return {
        wallets: await toRows(deps.db, list),
        quantity,
        page: effectivePage,
        rowsPerPage: rows,
        forcedPageOne: forcePageOne,
      };
    },

    async quantity(principal: UserPrincipal, body: Omit<ListBody, 'sort_param' | 'sort_order'>) {
      return repo.countWallets(deps.db, listQuery(companyOf(principal), body).query);
    },

    async row(merchantId: string, idOrUuid: number | string): Promise<WalletRow> {
      const w = await getWalletForMerchant(deps.db, merchantId, idOrUuid);
      const [row] = await toRows(deps.db, [
        {
          id: w.id,
          uuid: w.uuid,
          uiName: w.uiName,
          status: w.status,
          parentId: w.parentId,
          created: w.createdAt.toISOString(),
          subaccounts: await repo.countSubaccounts(deps.db, w.id),
        },
      ]);
      if (!row) throw new DomainError('WALLET_NOT_FOUND');
      return row;
    },

    async subordinates(principal: UserPrincipal, id: number) {
      const merchantId = companyOf(principal);
      const parent = await getWalletForMerchant(deps.db, merchantId, id);
      const list = await repo.listWallets(deps.db, {
        merchantId,
        topLevelOnly: false,
        sort: 'created',
        order: 'asc',
        limit: 1000,
        offset: 0,
      });
      return toRows(
        deps.db,
        list.filter((w) => w.parentId === parent.id),
      );
    },

    async ibans(
      principal: UserPrincipal,
      size: number,
      page: number,
      body: BodyOf<typeof walletRoutes.walletIbans>,
    ) {
      const wallet = await getWalletForMerchant(deps.db, companyOf(principal), body.wallet_id);
      let pattern: repo.IbanListQuery['pattern'];
      let forcedPageOne = false;
      if (body.filter_value?.trim()) {
        const checked = checkListFilter('iban_number', body.filter_value);
        if (!checked.ok)
          throw new DomainError(checked.error, {}, { fields: { filter_value: 'Invalid IBAN filter' } });
        forcedPageOne = checked.forcePageOne;
        pattern = { value: forcedPageOne ? checked.value : likePattern(checked.value), exact: forcedPageOne };
      }
      const effectivePage = forcedPageOne ? 1 : page;
      const { rows, quantity } = await repo.listIbans(deps.db, {
        walletId: wallet.id,
        status: body.iban_status,
        level: body.iban_level,
        checkRuleCode: body.iban_check_rule_code,
        pattern,
        sort: body.sort_param ?? 'created',
        order: body.sort_order ?? 'asc',
        limit: size,
        offset: (effectivePage - 1) * size,
      });
      return {
        wallet_ibans: rows.map((r) => ({
          id: Number(r.id),
          iban_number: r.iban ?? '',
          country: r.country ?? '',
          bic: r.iban ? bicOfWalletIban(r.iban) : null,
          bank_code: r.bank_code ?? '',
          status: Number(r.status),
          level: Number(r.level),
          check_rule_code: r.check_rule_code ?? '',
          created: r.created ?? '',
        })),
        quantity,
        page: effectivePage,
        forcedPageOne,
      };
    },

    /** Every wallet of a company (dashboard widgets, closing balances). */
    walletsOf: (merchantId: string) => repo.walletsOfMerchant(deps.db, merchantId),

    /** The active IBANs of a company's active wallets, each with its wallet (a payment file's debtor account). */
    async activeIbansOfCompany(merchantId: string): Promise<{ walletId: number; iban: string }[]> {
      const active = (await repo.walletsOfMerchant(deps.db, merchantId))
        .filter((w) => w.status === WALLET_STATUS.active)
        .map((w) => w.id);
      return (await repo.activeIbansOf(deps.db, active)).map((i) => ({ walletId: i.walletId, iban: i.iban }));
    },

    /** Active IBANs of a wallet (already checked to belong to the caller's company). */
    async ibansOf(walletId: number): Promise<string[]> {
      return (await repo.activeIbansOf(deps.db, [walletId])).map((i) => i.iban);
    },

    async availableCurrencies(principal: UserPrincipal): Promise<string[]> {
      const wallets = await repo.walletsOfMerchant(deps.db, companyOf(principal));
      const totals = await ledger().walletTotals(
        deps.db,
        wallets.map((w) => w.id),
      );
      return sortCurrencies([...new Set(totals.map((t) => t.currency))]);
    },
  };
}

export function sortByCurrency<T extends { currency: string }>(items: T[]): T[] {
  const order = sortCurrencies([...new Set(items.map((i) => i.currency))]);
  return [...items].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}
