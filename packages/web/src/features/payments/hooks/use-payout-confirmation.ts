import { notifications } from '@mantine/notifications';
import { apiRoutes, type CopResultCode, stripSeparators } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { ApiError, notifyError, useApiMutation } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { type Confirmation, type PaymentView, useCreatePayout, usePayoutChallenge } from '../api.ts';
import type { CopOutcome } from '../components/cop-warning-modal.tsx';
import { type PayoutFormValues, toPaymentDetails } from '../forms/payout-form-model.ts';
import type { CopNote } from '../forms/payout-summary.tsx';

const CONFIRMATION_RESTART = new Set(['CONFIRMATION_MISMATCH', 'CONFIRMATION_NOT_FOUND']);

/** The UK account Confirmation of Payee checks: sort code + account number, or a GB IBAN. */
function copRequisite(values: PayoutFormValues): string | null {
  const sortCode = stripSeparators(values.requisites.sortCode ?? '');
  const account = stripSeparators(values.requisites.accountNumber ?? '');
  if (sortCode && account) return `${sortCode} ${account}`;
  const iban = stripSeparators(values.requisites.iban ?? '').toUpperCase();
  return iban.startsWith('GB') ? iban : null;
}

/**
 * From "Continue" to the created payment (design §7): Confirmation of Payee, the server's check
 * (challenge with fee) shown in the summary, then the password + code step and the creation.
 * The challenge is bound to the details it was given for; any later change drops it.
 */
export function usePayoutConfirmation(form: UseFormReturn<PayoutFormValues>, hasIbanError: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { getValues } = form;
  const [cop, setCop] = useState<CopOutcome | null>(null);
  const [copNote, setCopNote] = useState<CopNote>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // The server's check (fee, CoP) is shown in the summary first; the password + code step opens after.
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [created, setCreated] = useState<PaymentView | null>(null);
  const confirmedKey = useRef<string | null>(null);

  const checkCop = useApiMutation(apiRoutes.checkCop, { notify: false });
  const challenge = usePayoutChallenge();
  const create = useCreatePayout();

  const dropChallenge = () => {
    confirmedKey.current = null;
    setConfirmation(null);
  };

  // Any change after confirmation needs a new confirmation (design §7): drop a held challenge.
  // `form` and `getValues` keep their identity across renders, so this subscribes once.
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
    if (hasIbanError) return;
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

  /** The CoP warning was read and the user goes on: note it in the summary and check the payment. */
  const onCopProceed = () => {
    if (cop) setCopNote({ kind: 'warned', code: cop.result ?? 'UNKNOWN' });
    setCop(null);
    void requestChallenge(getValues());
  };

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
          dropChallenge();
          setCreated(answer.payment);
        },
        onError: (error) => {
          if (error instanceof ApiError && CONFIRMATION_RESTART.has(error.code)) {
            dropChallenge();
            notifyError(error, t);
          } else if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE_NOT_APPROVED') {
            // Spec §8: the payment exists, only its approval failed; it waits in the list.
            dropChallenge();
            notifyError(error, t, { persistent: true });
            navigate(href('mi_acc_payments', { workMode: 'payout-pending' }));
          }
        },
      },
    );
  };

  /** Back to the reviewed form: the checked figures stay until something changes or expires. */
  const onConfirmClose = () => {
    if (confirmation && Date.parse(confirmation.expires_at) <= Date.now()) {
      dropChallenge();
      setCopNote(null);
    }
    setConfirmOpen(false);
    create.reset();
  };

  return {
    cop,
    copNote,
    confirmation,
    isConfirmOpen,
    created,
    /** The server is checking the payment (CoP or challenge): "Continue" shows it is busy. */
    isChecking: checkCop.isPending || challenge.isPending,
    isCreating: create.isPending,
    createError: create.error,
    onContinue,
    onCopProceed,
    onCopDismiss: () => setCop(null),
    openConfirm: () => setConfirmOpen(true),
    onConfirm: (password: string, code: string) => void onConfirm(password, code),
    onConfirmClose,
    /** Leave the result for a fresh form. */
    clearCreated: () => setCreated(null),
  };
}

export type PayoutConfirmation = ReturnType<typeof usePayoutConfirmation>;
