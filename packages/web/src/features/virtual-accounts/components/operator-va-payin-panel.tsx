import { Alert, Button, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useApiMutation } from '../../../shared/api/index.ts';

/** Operator: simulate a pay-in to a VA number and show whether it settled or was returned. */
export function OperatorVaPayInPanel() {
  const { t } = useTranslation('virtualAccounts');
  const [p, setP] = useState({
    va_number: '',
    currency: 'EUR',
    amount: '100.00',
    payer_name: 'Customer payer',
  });
  const payIn = useApiMutation(apiRoutes.opVaPayIn, { notify: false });
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="sm">
        {t('operator.payIn')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {(['va_number', 'currency', 'amount', 'payer_name'] as const).map((key) => (
          <TextInput
            key={key}
            label={t(`operator.payInFields.${key}`)}
            value={p[key]}
            onChange={(e) => setP({ ...p, [key]: e.currentTarget.value })}
            data-testid={`op-va-payin-${key}`}
          />
        ))}
      </SimpleGrid>
      {payIn.error ? (
        <Alert color="red" mt="sm">
          {errorMessage(payIn.error, t)}
        </Alert>
      ) : null}
      {payIn.data ? (
        <Alert
          color={payIn.data.status === 'settled' ? 'teal' : 'orange'}
          mt="sm"
          data-testid="op-va-payin-result"
        >
          {t(`operator.payInResult.${payIn.data.status === 'settled' ? 'settled' : 'returned'}`)}
        </Alert>
      ) : null}
      <Button
        mt="sm"
        loading={payIn.isPending}
        onClick={() => payIn.mutate({ body: p })}
        data-testid="op-va-payin-submit"
      >
        {t('operator.sendPayIn')}
      </Button>
    </Paper>
  );
}
