import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { Page } from '../../../shared/ui/index.ts';
import { VaRequestForm } from '../forms/va-request-form.tsx';

/** Create individual / corporate VA request (spec §2 forms). */
export function VaNewRequestPage() {
  const { t } = useTranslation('virtualAccounts');
  const { uuid = '', type } = useParams();
  const kind = type === 'individual' ? 'individual' : 'corporate';
  return (
    <Page
      title={t(`new.${kind}`)}
      actions={
        <Button
          component={Link}
          to={href('mi_virtual_accounts', { uuid })}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('title')}
        </Button>
      }
    >
      <VaRequestForm key={kind} type={kind} walletUuid={uuid} />
    </Page>
  );
}
