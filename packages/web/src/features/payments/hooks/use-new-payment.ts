import { notifications } from '@mantine/notifications';
import {
  apiRoutes,
  fromMinor,
  isCurrencyCode,
  METHOD_LIMITS,
  type PaymentMethod,
  type RouteResponse,
} from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../shared/api/index.ts';
import { moneyKey, useCompanyId } from '../../../shared/freshness/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useDataForCopy, usePaymentMethods } from '../api.ts';
import { formatAmount } from '../../../shared/ui/money.tsx';
import type { PaymentTemplate } from '../components/template-picker-modal.tsx';
import {
  emptyPayout,
  emptyRequisites,
  type PayoutFormValues,
  payoutResolver,
  requisitesOf,
  walletForPrefill,
} from '../forms/payout-form-model.ts';
import { payoutFigures } from '../forms/payout-summary.tsx';
import { displayValue } from '../forms/requisite-fields.tsx';
import { usePayoutConfirmation } from './use-payout-confirmation.ts';
import { useRequisiteChecks } from './use-requisite-checks.ts';

interface Prefill {
  wallet: string | null;
  method: PaymentMethod;
  currency: string;
  amount: string | null;
  requisites: Partial<Record<string, string | undefined>>;
  comments: string;
  payeeType?: 'individual' | 'corporate';
  templateId: string | null;
}

type WalletRow = RouteResponse<typeof apiRoutes.walletsList>['wallets'][number];
const NO_WALLETS: WalletRow[] = [];

/** Source wallets with their balances; a money key, so balances (and the balance after) stay fresh. */
function useSourceWallets() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.walletsList,
    { params: { page: 1, rows: 100 }, body: { with_subaccounts: true } },
    { queryKey: moneyKey(companyId, 'payments', 'source-wallets'), enabled: companyId !== null },
  );
}

/**
 * State of the Make payment screen (spec §2): the form, the source wallets and methods, prefill from
 * a copied payment (`?copy=`) or a template, the requisite checks and the confirmation flow.
 */
export function useNewPayment() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { locale } = useFormat();
  const copyId = search.get('copy');
  const form = useForm<PayoutFormValues>({
    defaultValues: emptyPayout(),
    resolver: payoutResolver(t),
    mode: 'onTouched',
  });
  const { control, setValue, getValues, reset } = form;
  const [walletId, currency, method, payee, iban, amount] = useWatch({
    control,
    name: ['walletId', 'currency', 'method', 'requisites.payee', 'requisites.iban', 'amount'],
  });

  const wallets = useSourceWallets();
  // Until the wallets answer, including while their query waits for the company (the profile's
  // answer; TanStack's isLoading is false then). Otherwise the field showed an empty list that the
  // skeleton then replaced, closing it under the user's finger.
  const walletsPending = wallets.isPending;
  // One array per answer, not per render: the auto-choice effect below depends on it.
  const walletList = useMemo(() => wallets.data?.wallets ?? NO_WALLETS, [wallets.data]);
  const wallet = walletList.find((w) => w.uuid === walletId);
  const balance = wallet?.balances.find((b) => b.currency === currency);
  const methods = usePaymentMethods(currency || 'all');
  const methodOptions = (methods.data?.merchant_payment_methods ?? []).filter(
    (m) => !currency || m.currencies.length === 0 || m.currencies.includes(currency),
  );

  const checks = useRequisiteChecks(form, method, currency);
  const confirm = usePayoutConfirmation(form, Boolean(checks.ibanCheck?.error));
  const [isPicking, setPicking] = useState(false);
  const [isSaving, setSaving] = useState(false);

  // Single wallet / single currency / single method: chosen for the user.
  useEffect(() => {
    if (!walletId && walletList.length === 1 && walletList[0]) setValue('walletId', walletList[0].uuid);
  }, [walletId, walletList, setValue]);
  useEffect(() => {
    if (wallet && !currency && wallet.balances.length === 1 && wallet.balances[0])
      setValue('currency', wallet.balances[0].currency);
  }, [wallet, currency, setValue]);

  const applyPrefill = (p: Prefill) => {
    const requisites = emptyRequisites();
    for (const spec of requisitesOf(p.method)) {
      const value = p.requisites[spec.field];
      if (value) requisites[spec.field] = displayValue(spec, value);
    }
    reset({
      walletId: walletForPrefill(walletList, p.wallet, getValues('walletId'), p.currency),
      currency: p.currency,
      method: p.method,
      amount: p.amount ?? '',
      payeeType: p.payeeType ?? 'corporate',
      requisites,
      comments: p.comments,
      templateId: p.templateId,
    });
    checks.clear();
  };

  // "Copy" from a payment: prefilled once per copied id, after the wallets have loaded (no
  // dependency list; the ref makes every later run a no-op).
  const copy = useDataForCopy(copyId);
  const copiedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!copy.data || !copyId || copiedFor.current === copyId || walletsPending) return;
    copiedFor.current = copyId;
    const d = copy.data.payment_details;
    applyPrefill({
      wallet: copy.data.wallet_id,
      method: copy.data.payment_method,
      currency: d.currency,
      amount: d.amount,
      requisites: d.requisites,
      comments: d.comments ?? '',
      payeeType: d.payee_type,
      templateId: null,
    });
    notifications.show({ color: 'blue', message: t('payments:form.copied') });
  });

  const onPickTemplate = (tpl: PaymentTemplate) => {
    setPicking(false);
    applyPrefill({
      wallet: tpl.wallet_id,
      method: tpl.payment_method,
      currency: tpl.currency,
      amount: tpl.amount,
      requisites: tpl.requisites,
      comments: tpl.comments,
      templateId: tpl.id,
    });
    notifications.show({ color: 'blue', message: t('payments:templates.applied', { name: tpl.name }) });
  };

  const onMethodChange = (next: string | null) => {
    const keep = getValues('requisites.payee');
    setValue('method', (next ?? '') as PaymentMethod | '', { shouldDirty: true });
    setValue('requisites', { ...emptyRequisites(), payee: keep });
    checks.clear();
  };

  const limits = method ? METHOD_LIMITS[method] : null;
  const limitText = useMemo(
    () =>
      limits && currency && isCurrencyCode(currency)
        ? {
            min: formatAmount(fromMinor(limits.min, currency), currency, locale),
            max: formatAmount(fromMinor(limits.max, currency), currency, locale),
          }
        : null,
    [limits, currency, locale],
  );

  const { confirmation } = confirm;
  const figures = payoutFigures(
    currency,
    amount ?? '',
    balance?.available,
    confirmation ? { amount: confirmation.amount, fee: confirmation.fee } : null,
  );

  /** After a created payment: an empty form, without the `?copy=` it may have come from. */
  const startAnother = () => {
    confirm.clearCreated();
    reset(emptyPayout());
    setSearch({}, { replace: true });
  };

  return {
    form,
    currency,
    method,
    payee,
    iban,
    wallets: { list: walletList, isLoading: walletsPending, wallet, balance },
    methodOptions,
    specs: requisitesOf(method),
    limitText,
    figures,
    checks,
    confirm,
    templates: {
      isPicking,
      isSaving,
      openPicker: () => setPicking(true),
      closePicker: () => setPicking(false),
      openSave: () => setSaving(true),
      closeSave: () => setSaving(false),
      onPick: onPickTemplate,
    },
    onWalletChange: () => setValue('currency', ''),
    onCurrencyChange: () => onMethodChange(null),
    onMethodChange,
    startAnother,
  };
}

export type NewPayment = ReturnType<typeof useNewPayment>;
