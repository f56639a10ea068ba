import { Grid, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  apiRoutes,
  type CopResultCode,
  fromMinor,
  ibanCountry,
  isCurrencyCode,
  METHOD_LIMITS,
  methodLabel,
  type PaymentMethod,
  stripSeparators,
  validateBic,
  validateIbanForMethod,
} from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { ApiError, notifyError, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';
import { moneyKey, useCompanyId } from '../../../shared/freshness/index.ts';
import { sha512Hex } from '../../auth/password-hash.ts';
import {
  type Confirmation,
  type PaymentView,
  useCreatePayout,
  useDataForCopy,
  usePaymentMethods,
  usePayoutChallenge,
} from '../api.ts';
import { ConfirmPayoutModal } from '../components/confirm-payout-modal.tsx';
import { type CopOutcome, CopWarningModal } from '../components/cop-warning-modal.tsx';
import { formatAmount } from '../components/money.tsx';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { PayoutResult } from '../components/payout-result.tsx';
import { type PaymentTemplate, TemplatePickerModal } from '../components/template-picker-modal.tsx';
import { TemplateSaveModal } from '../components/template-save-modal.tsx';
import {
  emptyPayout,
  emptyRequisites,
  type PayoutFormValues,
  payoutResolver,
  requisitesOf,
  toPaymentDetails,
} from '../forms/payout-form-model.ts';
import {
  AmountSection,
  type CopNote,
  FromSection,
  PayoutSummary,
  payoutFigures,
} from '../forms/payout-sections.tsx';
import { displayValue, type IbanCheckState, RequisiteFields } from '../forms/requisite-fields.tsx';

const CONFIRMATION_RESTART = new Set(['CONFIRMATION_MISMATCH', 'CONFIRMATION_NOT_FOUND']);

/** The UK account Confirmation of Payee checks: sort code + account number, or a GB IBAN. */
function copRequisite(values: PayoutFormValues): string | null {
  const sortCode = stripSeparators(values.requisites.sortCode ?? '');
  const account = stripSeparators(values.requisites.accountNumber ?? '');
  if (sortCode && account) return `${sortCode} ${account}`;
  const iban = stripSeparators(values.requisites.iban ?? '').toUpperCase();
  return iban.startsWith('GB') ? iban : null;
}

/** Make payment (spec §2): wallet, currency, method, requisites, amount; checks; SCA confirmation. */
export function NewPaymentView() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { locale } = useFormatters();
  const copyId = search.get('copy');
  const form = useForm<PayoutFormValues>({
    defaultValues: emptyPayout(),
    resolver: payoutResolver(t),
    mode: 'onTouched',
  });
  const { control, formState, setValue, getValues, reset } = form;
  const [walletId, currency, method, payee, iban, amount] = useWatch({
    control,
    name: ['walletId', 'currency', 'method', 'requisites.payee', 'requisites.iban', 'amount'],
  });

  const companyId = useCompanyId();
  // Balances shown here (and the balance after) follow the freshness rule: a money key.
  const wallets = useApiQuery(
    apiRoutes.walletsList,
    { params: { page: 1, rows: 100 }, body: { with_subaccounts: true } },
    { queryKey: moneyKey(companyId, 'payments', 'source-wallets'), enabled: companyId !== null },
  );
  const walletList = wallets.data?.wallets ?? [];
  const wallet = walletList.find((w) => w.uuid === walletId);
  const methods = usePaymentMethods(currency || 'all');
  const methodOptions = (methods.data?.merchant_payment_methods ?? []).filter(
    (m) => !currency || m.currencies.length === 0 || m.currencies.includes(currency),
  );
  const specs = requisitesOf(method);
  const balance = wallet?.balances.find((b) => b.currency === currency);

  const [ibanCheck, setIbanCheck] = useState<IbanCheckState | null>(null);
  const [intermediaryBank, setIntermediaryBank] = useState<string | null>(null);
  const [cop, setCop] = useState<CopOutcome | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // The server's check (fee, CoP) is shown in the summary first; the password + code step opens after.
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [copNote, setCopNote] = useState<CopNote>(null);
  const confirmedKey = useRef<string | null>(null);
  const [created, setCreated] = useState<PaymentView | null>(null);
  const [isPicking, setPicking] = useState(false);
  const [isSaving, setSaving] = useState(false);

  const checkIban = useApiMutation(apiRoutes.checkRequisite, { notify: false });
  const checkIntermediary = useApiMutation(apiRoutes.checkIntermediary, { notify: false });
  const checkCop = useApiMutation(apiRoutes.checkCop, { notify: false });
  const challenge = usePayoutChallenge();
  const create = useCreatePayout();

  // Any change after confirmation needs a new confirmation (design §7): drop a held challenge.
  useEffect(() => {
    const sub = form.watch(() => {
      if (
        confirmedKey.current !== null &&
        JSON.stringify(toPaymentDetails(getValues())) !== confirmedKey.current
      ) {
        confirmedKey.current = null;
        setConfirmation(null);
        setConfirmOpen(false);
        setCopNote(null);
      }
    });
    return () => sub.unsubscribe();
  }, [form, getValues]);

  // Single wallet / single currency / single method: chosen for the user.
  useEffect(() => {
    if (!walletId && walletList.length === 1 && walletList[0]) setValue('walletId', walletList[0].uuid);
  }, [walletId, walletList, setValue]);
  useEffect(() => {
    if (wallet && !currency && wallet.balances.length === 1 && wallet.balances[0])
      setValue('currency', wallet.balances[0].currency);
  }, [wallet, currency, setValue]);

  const applyPrefill = (p: {
    wallet: string | null;
    method: PaymentMethod;
    currency: string;
    amount: string | null;
    requisites: Partial<Record<string, string | undefined>>;
    comments: string;
    payeeType?: 'individual' | 'corporate';
    templateId: string | null;
  }) => {
    const target = walletList.find((w) => w.uuid === p.wallet || String(w.id) === p.wallet);
    const requisites = emptyRequisites();
    for (const spec of requisitesOf(p.method)) {
      const value = p.requisites[spec.field];
      if (value) requisites[spec.field] = displayValue(spec, value);
    }
    reset({
      walletId: target?.uuid ?? getValues('walletId'),
      currency: p.currency,
      method: p.method,
      amount: p.amount ?? '',
      payeeType: p.payeeType ?? 'corporate',
      requisites,
      comments: p.comments,
      templateId: p.templateId,
    });
    setIbanCheck(null);
    setIntermediaryBank(null);
  };

  const copy = useDataForCopy(copyId);
  const copiedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!copy.data || !copyId || copiedFor.current === copyId || wallets.isLoading) return;
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
    setIbanCheck(null);
    setIntermediaryBank(null);
  };

  const onIbanBlur = () => {
    const iban = getValues('requisites.iban');
    if (!method || !currency || !isCurrencyCode(currency) || validateIbanForMethod(iban, method) !== null)
      return setIbanCheck(null);
    checkIban.mutate(
      { params: { method, currency }, body: { iban: stripSeparators(iban) } },
      {
        onSuccess: (answer) => {
          setIbanCheck({ error: answer.error, warnings: answer.warnings, bank: answer.bank });
          if (answer.error)
            form.setError('requisites.iban', {
              message: t(`payments:fieldErrors.${answer.error.code}`, {
                method: methodLabel(method),
                currency,
                defaultValue: answer.error.message,
              }),
            });
        },
        onError: () => setIbanCheck(null),
      },
    );
  };

  const onIntermediaryBlur = () => {
    const bic = getValues('requisites.bankSwiftCode');
    setIntermediaryBank(null);
    if (!method || validateBic(bic) !== null) return;
    checkIntermediary.mutate(
      { params: { method }, body: { bankSwiftCode: stripSeparators(bic) } },
      {
        onSuccess: (answer) =>
          setIntermediaryBank(t('payments:checks.bank', { name: answer.bank.name, bic: answer.bank.bic })),
        onError: (error) =>
          form.setError('requisites.bankSwiftCode', {
            message:
              error instanceof ApiError
                ? t(`errors:${error.code}`, { ...error.params, defaultValue: error.messages.join(', ') })
                : '',
          }),
      },
    );
  };

  const requestChallenge = async (values: PayoutFormValues) => {
    if (!values.method) return;
    const details = toPaymentDetails(values);
    try {
      const answer = await challenge.mutateAsync({
        params: { walletId: values.walletId, method: values.method },
        body: { payment_details: details },
      });
      confirmedKey.current = JSON.stringify(details);
      setConfirmation(answer.confirmation);
      setConfirmOpen(false);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [key, message] of Object.entries(error.fields)) {
          const path = key.replace(/^payment_details\./, '');
          if (path === 'amount' || path === 'currency' || path.startsWith('requisites.'))
            form.setError(path as 'amount', { message });
        }
      }
      notifyError(error, t);
    }
  };

  const onContinue = form.handleSubmit(async (values) => {
    if (ibanCheck?.error) return;
    setCopNote(null);
    // Confirmation of Payee for every method where a payee name and a UK account are given (FPS,
    // CHAPS, BACS by sort code and account, any method to a GB IBAN); its result shows before confirmation.
    const payeeRequisite = copRequisite(values);
    if (values.method && values.requisites.payee.trim() && payeeRequisite) {
      try {
        const answer = await checkCop.mutateAsync({
          params: { method: values.method },
          body: { payee: values.requisites.payee.trim(), payeeRequisite, payee_type: values.payeeType },
        });
        if (!answer.matched) {
          setCop({ result: (answer.result ?? 'UNKNOWN') as CopResultCode, accountName: answer.account_name });
          return;
        }
        setCopNote({ kind: 'matched' });
      } catch (error) {
        // The check itself failed: the spec treats that as the TECH_ERROR warning, not a stop.
        setCop({ result: 'TECH_ERROR', accountName: null });
        if (!(error instanceof ApiError)) notifyError(error, t);
        return;
      }
    }
    await requestChallenge(values);
  });

  const onConfirm = async (password: string, code: string) => {
    const values = getValues();
    if (!confirmation || !values.method) return;
    const details = toPaymentDetails(values);
    if (JSON.stringify(details) !== confirmedKey.current) {
      setConfirmation(null);
      notifications.show({ color: 'yellow', message: t('payments:confirm.changed') });
      return;
    }
    create.mutate(
      {
        params: { walletId: values.walletId, method: values.method },
        body: {
          payment_details: details,
          challenge_id: confirmation.challenge_id,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: (answer) => {
          confirmedKey.current = null;
          setConfirmation(null);
          setCreated(answer.payment);
        },
        onError: (error) => {
          if (error instanceof ApiError && CONFIRMATION_RESTART.has(error.code)) {
            confirmedKey.current = null;
            setConfirmation(null);
            notifyError(error, t);
          } else if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE_NOT_APPROVED') {
            // Spec §8: the payment exists, only its approval failed; it waits in the list.
            confirmedKey.current = null;
            setConfirmation(null);
            notifyError(error, t, { persistent: true });
            navigate(href('mi_acc_payments', { workMode: 'payout-pending' }));
          }
        },
      },
    );
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

  if (created)
    return (
      <PayoutResult
        payment={created}
        onAnother={() => {
          setCreated(null);
          reset(emptyPayout());
          setSearch({}, { replace: true });
        }}
      />
    );

  return (
    <form onSubmit={onContinue} noValidate data-testid="new-payment-form">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <FromSection
              control={control}
              errors={formState.errors}
              wallets={walletList}
              isLoading={wallets.isLoading}
              wallet={wallet}
              currency={currency}
              method={method}
              methods={methodOptions}
              onWalletChange={() => setValue('currency', '')}
              onCurrencyChange={() => onMethodChange(null)}
              onMethodChange={onMethodChange}
              onPickTemplate={() => setPicking(true)}
              onSaveTemplate={() => setSaving(true)}
            />

            {method ? (
              <Paper withBorder radius="md" p="lg">
                <Stack gap="md">
                  <Group justify="space-between">
                    <Title order={4}>{t('payments:form.toTitle')}</Title>
                    <Controller
                      control={control}
                      name="payeeType"
                      render={({ field }) => (
                        <SegmentedControl
                          size="xs"
                          value={field.value}
                          onChange={field.onChange}
                          data={[
                            { value: 'corporate', label: t('payments:form.payeeType.corporate') },
                            { value: 'individual', label: t('payments:form.payeeType.individual') },
                          ]}
                        />
                      )}
                    />
                  </Group>
                  <RequisiteFields
                    specs={specs}
                    control={control}
                    errors={formState.errors}
                    ibanCheck={ibanCheck}
                    intermediaryBank={intermediaryBank}
                    onIbanBlur={onIbanBlur}
                    onIntermediaryBlur={onIntermediaryBlur}
                    onUseBic={(bic) => setValue('requisites.bic', bic, { shouldValidate: true })}
                    ibanCountryOf={ibanCountry(iban ?? '')}
                    methodName={methodLabel(method)}
                  />
                </Stack>
              </Paper>
            ) : null}

            {method ? (
              <AmountSection
                control={control}
                errors={formState.errors}
                currency={currency}
                limitText={limitText}
              />
            ) : null}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PayoutSummary
            balance={balance}
            payee={payee}
            figures={payoutFigures(
              currency,
              amount ?? '',
              balance?.available,
              confirmation ? { amount: confirmation.amount, fee: confirmation.fee } : null,
            )}
            cop={copNote}
            isReviewed={confirmation !== null}
            onConfirm={() => setConfirmOpen(true)}
            isBusy={checkCop.isPending || challenge.isPending}
            isReady={!!method}
            ibanError={
              ibanCheck?.error
                ? t(`payments:fieldErrors.${ibanCheck.error.code}`, {
                    method: method ? methodLabel(method) : '',
                    currency,
                    defaultValue: ibanCheck.error.message,
                  })
                : null
            }
          />
        </Grid.Col>
      </Grid>

      <CopWarningModal
        outcome={cop}
        payee={payee}
        onDismiss={() => setCop(null)}
        onProceed={() => {
          if (cop) setCopNote({ kind: 'warned', code: cop.result ?? 'UNKNOWN' });
          setCop(null);
          void requestChallenge(getValues());
        }}
      />
      <ConfirmPayoutModal
        confirmation={isConfirmOpen ? confirmation : null}
        availableBefore={balance?.available ?? null}
        isPending={create.isPending}
        error={create.error}
        onConfirm={(pw, code) => void onConfirm(pw, code)}
        onClose={() => {
          // Back to the reviewed form: the checked figures stay until something changes or expires.
          if (confirmation && Date.parse(confirmation.expires_at) <= Date.now()) {
            confirmedKey.current = null;
            setConfirmation(null);
            setCopNote(null);
          }
          setConfirmOpen(false);
          create.reset();
        }}
      />
      <TemplatePickerModal opened={isPicking} onClose={() => setPicking(false)} onPick={onPickTemplate} />
      <TemplateSaveModal opened={isSaving} values={getValues()} onClose={() => setSaving(false)} />
    </form>
  );
}
