import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/index.ts';
import {
  type PaymentRequest,
  useCollectCurrencies,
  useCreatePaymentRequest,
  useRequestVirtualAccounts,
} from '../api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** `datetime-local` value of a date in the browser's zone. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

interface Values {
  open_amount: boolean;
  amount: string;
  currency: string;
  reference: string;
  description: string;
  customer_name: string;
  customer_email: string;
  customer_language: 'en-gb' | 'ru';
  expires_at: string;
  send_email: boolean;
  /** '' collects on the company account's IBAN; otherwise a virtual account id. */
  virtual_account_id: string;
}

/** New payment request (pay-in terminal): the server checks every field; its messages land on the fields. */
export function CreateRequestDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (request: PaymentRequest) => void;
}) {
  const { t } = useTranslation('paymentRequests');
  const create = useCreatePaymentRequest();
  const initial = (): Values => ({
    open_amount: false,
    amount: '',
    currency: 'EUR',
    reference: '',
    description: '',
    customer_name: '',
    customer_email: '',
    customer_language: 'en-gb',
    expires_at: localInput(new Date(Date.now() + 7 * 86_400_000)),
    send_email: false,
    virtual_account_id: '',
  });
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const vas = useRequestVirtualAccounts(values.currency, opened);
  const currencies = useCollectCurrencies(opened);
  // The first currency the company can collect in, once its accounts are known.
  const firstCurrency = currencies?.[0];
  useEffect(() => {
    if (firstCurrency && currencies && !currencies.includes(values.currency)) {
      setValues((v) => ({ ...v, currency: firstCurrency }));
    }
  }, [firstCurrency, currencies, values.currency]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const text = (key: keyof Values) => ({
    value: String(values[key]),
    error: errors[key] || undefined,
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as never),
  });

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const v = values;
    const expires = new Date(v.expires_at);
    try {
      const answer = await create.mutateAsync({
        body: {
          ...(v.open_amount ? {} : { amount: v.amount }),
          open_amount: v.open_amount,
          currency: v.currency,
          reference: v.reference,
          description: v.description,
          customer_name: v.customer_name,
          customer_email: v.customer_email,
          customer_language: v.customer_language,
          expires_at: Number.isNaN(expires.getTime()) ? v.expires_at : expires.toISOString(),
          send_email: v.send_email,
          ...(v.virtual_account_id ? { virtual_account_id: Number(v.virtual_account_id) } : {}),
        },
      });
      notifications.show({ color: 'teal', message: t('create.done') });
      setValues(initial());
      setErrors({});
      onCreated(answer.payment_request);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      size="lg"
      data-testid="pr-create-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('fields.amount')}
              inputMode="decimal"
              disabled={values.open_amount}
              data-testid="pr-amount"
              miw={160}
              {...text('amount')}
            />
            <Select
              label={t('fields.currency')}
              data={currencies ?? [values.currency]}
              allowDeselect={false}
              data-testid="pr-currency"
              miw={120}
              value={values.currency}
              error={errors.currency || undefined}
              onChange={(v) => {
                set('currency', v ?? 'EUR');
                set('virtual_account_id', '');
              }}
            />
          </Group>
          <Select
            label={t('fields.collectTo')}
            description={t('fields.collectToHint')}
            data={[
              { value: '', label: t('fields.collectToAccount') },
              ...(vas.data?.virtual_accounts ?? []).map((va) => ({
                value: va.id,
                label: t('fields.collectToVa', { number: va.iban ?? va.number, name: va.customer_name }),
              })),
            ]}
            allowDeselect={false}
            data-testid="pr-virtual-account"
            value={values.virtual_account_id}
            error={errors.virtual_account_id || undefined}
            onChange={(v) => set('virtual_account_id', v ?? '')}
          />
          <Checkbox
            label={t('fields.openAmount')}
            data-testid="pr-open-amount"
            checked={values.open_amount}
            onChange={(e) => set('open_amount', e.currentTarget.checked)}
          />
          <TextInput
            label={t('fields.reference')}
            description={t('fields.referenceHint')}
            data-testid="pr-reference"
            {...text('reference')}
          />
          <Textarea label={t('fields.description')} autosize minRows={2} {...text('description')} />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('fields.customerName')}
              data-testid="pr-customer-name"
              miw={200}
              {...text('customer_name')}
            />
            <TextInput
              label={t('fields.customerEmail')}
              type="email"
              data-testid="pr-customer-email"
              miw={200}
              {...text('customer_email')}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('fields.customerLanguage')}
              data={[
                { value: 'en-gb', label: t('languages.en-gb') },
                { value: 'ru', label: t('languages.ru') },
              ]}
              allowDeselect={false}
              miw={160}
              value={values.customer_language}
              onChange={(v) => set('customer_language', v === 'ru' ? 'ru' : 'en-gb')}
            />
            <TextInput
              label={t('fields.expiresAt')}
              type="datetime-local"
              data-testid="pr-expires"
              miw={200}
              {...text('expires_at')}
            />
          </Group>
          <Checkbox
            label={t('fields.sendEmail')}
            checked={values.send_email}
            onChange={(e) => set('send_email', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="pr-create-submit">
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
