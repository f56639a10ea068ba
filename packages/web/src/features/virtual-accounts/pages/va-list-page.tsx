import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { RIGHT_ACTIONS, type VaAction } from '@portal/domain';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { errorMessage } from '../../../shared/api/index.ts';
import { useRights } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useWallet } from '../../accounts/api.ts';
import { useVaList, type VirtualAccountRow } from '../api.ts';
import { VaActionDialog } from '../components/va-action-dialog.tsx';
import { VaGroupsCard } from '../components/va-groups-card.tsx';
import { VaInfoModal } from '../components/va-info-modal.tsx';
import { VaListFilters } from '../components/va-list-filters.tsx';
import { VaPager } from '../components/va-pager.tsx';
import { VaTable } from '../components/va-table.tsx';
import { useVaListFilters } from '../hooks/use-va-list-filters.ts';

/** VA groups and accounts of one wallet (spec §2 Virtual Accounts), filters kept in the URL. */
export function VaListPage() {
  const { t } = useTranslation('virtualAccounts');
  const { uuid = '' } = useParams();
  const filters = useVaListFilters();
  const { page, setParam } = filters;
  const wallet = useWallet(uuid);
  const walletId = wallet.data?.wallet.id;
  const rights = useRights();
  const list = useVaList(walletId, page, filters.body);
  const [action, setAction] = useState<{ va: VirtualAccountRow; action: VaAction } | null>(null);
  const [info, setInfo] = useState<VirtualAccountRow | null>(null);

  const rows = list.data?.wallet_ibans ?? [];
  const canIndividual = rights.has(RIGHT_ACTIONS.vaIndividual);
  const canCorporate = rights.has(RIGHT_ACTIONS.vaCorporate);

  return (
    <Page
      title={t('title')}
      description={wallet.data?.wallet.ui_name}
      actions={
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={href('mi_va_requests', { uuid })}
            variant="default"
            leftSection={<IconListDetails size={16} />}
            data-testid="va-requests-link"
          >
            {t('requests.title')}
          </Button>
          {canIndividual ? (
            <Button
              component={Link}
              to={href('mi_va_new', { uuid, type: 'individual' })}
              variant="light"
              leftSection={<IconPlus size={16} />}
              data-testid="va-new-individual"
            >
              {t('new.individual')}
            </Button>
          ) : null}
          {canCorporate ? (
            <Button
              component={Link}
              to={href('mi_va_new', { uuid, type: 'corporate' })}
              leftSection={<IconPlus size={16} />}
              data-testid="va-new-corporate"
            >
              {t('new.corporate')}
            </Button>
          ) : null}
        </Group>
      }
    >
      <VaGroupsCard />
      <VaListFilters filters={filters} />

      {list.isError ? <Alert color="red">{errorMessage(list.error, t)}</Alert> : null}
      {list.isPending && walletId !== undefined ? (
        <Stack gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <VaTable rows={rows} onInfo={setInfo} onAction={(va, next) => setAction({ va, action: next })} />
      )}
      <VaPager total={list.data?.quantity} page={page} onPage={(p) => setParam('page', String(p))} />
      {action && walletId !== undefined ? (
        <VaActionDialog
          va={action.va}
          walletId={walletId}
          action={action.action}
          onClose={() => setAction(null)}
        />
      ) : null}
      {info && walletId !== undefined ? (
        <VaInfoModal va={info} walletId={walletId} onClose={() => setInfo(null)} />
      ) : null}
    </Page>
  );
}
