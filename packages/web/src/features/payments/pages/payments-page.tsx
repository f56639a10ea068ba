import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../../shared/ui/index.ts';

/**
 * Routes `mi_acc_payments` (/payments/:workMode) and `mi_paybalance` (/transactions/:workMode):
 * the same screen (spec §2); workMode selects the list. Replaced by the payments area.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const { workMode = 'list' } = useParams();
  return (
    <Page
      title={t('payments:page.title')}
      description={t(`payments:workModes.${workMode}`, { defaultValue: t('payments:workModes.list') })}
    >
      <EmptyState title={t('common:placeholder.title')} description={t('common:placeholder.description')} />
    </Page>
  );
}
