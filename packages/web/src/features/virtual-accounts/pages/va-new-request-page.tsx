import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { Page } from '../../../shared/ui/index.ts';
import { VaBackButton } from '../components/va-back-button.tsx';
import { VaRequestForm } from '../forms/va-request-form.tsx';

/** Create individual / corporate VA request (spec §2 forms). */
export function VaNewRequestPage() {
  const { t } = useTranslation('virtualAccounts');
  const { uuid = '', type } = useParams();
  const kind = type === 'individual' ? 'individual' : 'corporate';
  return (
    <Page
      title={t(`new.${kind}`)}
      actions={<VaBackButton to={href('mi_virtual_accounts', { uuid })}>{t('title')}</VaBackButton>}
    >
      <VaRequestForm key={kind} type={kind} walletUuid={uuid} />
    </Page>
  );
}
