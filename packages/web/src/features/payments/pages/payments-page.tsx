import { Alert, Skeleton, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useMatches, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { Page, scrollingTabList } from '../../../shared/ui/index.ts';
import { BalanceView } from '../components/balance-view.tsx';
import { PaymentsListView } from '../components/payments-list-view.tsx';
import { isWorkMode, type WorkMode } from '../model.ts';
import { usePaymentPermissions } from '../rights.ts';
import { NewPaymentView } from './new-payment-view.tsx';

const LIST_TABS: readonly WorkMode[] = [
  'list',
  'payin-pending',
  'payin-settled',
  'payout-pending',
  'payout-settled',
  'balance',
];

/**
 * Routes `mi_acc_payments` (/payments/:workMode) and `mi_paybalance` (/transactions/:workMode): the
 * same screen (spec §2); workMode selects the list, the balance or the new-payment form.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const { workMode } = useParams();
  const matches = useMatches();
  const isTransactions = matches.some(
    (m) => (m.handle as { name?: string } | undefined)?.name === 'mi_paybalance',
  );
  const routeName = isTransactions ? 'mi_paybalance' : 'mi_acc_payments';
  const permissions = usePaymentPermissions();
  if (!isWorkMode(workMode)) return <Navigate to={href(routeName, { workMode: 'list' })} replace />;

  if (workMode === 'new')
    return (
      <Page title={t('payments:form.title')} description={t('payments:form.description')}>
        {!permissions.isLoaded ? (
          <Skeleton h={320} radius="md" />
        ) : permissions.canCreate ? (
          <NewPaymentView />
        ) : (
          <Alert
            color="red"
            icon={<IconLock size={18} />}
            title={t('payments:form.noRightsTitle')}
            data-testid="no-create-rights"
          >
            {t('payments:form.noRights')}
          </Alert>
        )}
      </Page>
    );

  return (
    <Page title={t(`payments:workModes.${workMode}`)} description={t('payments:page.description')}>
      <Tabs value={workMode} variant="outline" keepMounted={false}>
        <Tabs.List style={scrollingTabList}>
          {LIST_TABS.map((mode) => (
            <Tabs.Tab
              key={mode}
              value={mode}
              style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              renderRoot={(props) => <Link {...props} to={href(routeName, { workMode: mode })} />}
            >
              {t(`payments:tabs.${mode}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {workMode === 'balance' ? <BalanceView /> : <PaymentsListView key={workMode} workMode={workMode} />}
    </Page>
  );
}
