import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { apiRoutes, parseAmountInput } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, useApiMutation } from '../../../shared/api/index.ts';
import { type PayoutFormValues, toPaymentDetails } from '../forms/payout-form-model.ts';

/** Saves the form as a template: a unique name and a payment method are required (spec §5). */
export function TemplateSaveModal({
  opened,
  values,
  onClose,
}: {
  opened: boolean;
  values: PayoutFormValues;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [isShared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useApiMutation(apiRoutes.saveTemplate, { notify: false });
  useEffect(() => {
    if (opened) {
      setName(values.requisites.payee ? values.requisites.payee.slice(0, 100) : '');
      setNameError(null);
    }
  }, [opened, values.requisites.payee]);

  const onSave = () => {
    if (name.trim() === '') return setNameError(t('payments:templates.nameRequired'));
    if (!values.method) return;
    const details = toPaymentDetails(values);
    const amount = parseAmountInput(values.amount);
    save.mutate(
      {
        params: {},
        body: {
          name: name.trim(),
          payment_method: values.method,
          wallet_id: values.walletId || null,
          currency: values.currency,
          amount: amount.ok && !amount.value.startsWith('-') && amount.value !== '0' ? amount.value : null,
          requisites: details.requisites,
          comments: details.comments ?? '',
          merchant_shared: isShared,
          cross_scheme: false,
        },
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('payments:templates.saved', { name: name.trim() }),
          });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'TEMPLATE_NAME_TAKEN')
            setNameError(t('payments:templates.nameTaken'));
          else setNameError(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments:templates.saveTitle')}
      centered
      data-testid="template-save"
    >
      <Stack>
        <TextInput
          label={t('payments:templates.name')}
          value={name}
          maxLength={100}
          withAsterisk
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          data-autofocus
        />
        <Switch
          label={t('payments:templates.shareLabel')}
          description={t('payments:templates.shareHint')}
          checked={isShared}
          onChange={(e) => setShared(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!values.method}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
