import { Anchor, Grid, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { ChecklistCard } from '../../boarding/index.ts';
import { useBoardingRecord } from '../api.ts';
import { GoLiveCard } from '../components/go-live-card.tsx';
import { InternalCheckCard } from '../components/internal-check-card.tsx';
import { InvoiceCard } from '../components/invoice-card.tsx';
import { RecordContracts, RecordOffers } from '../components/record-documents.tsx';
import { RecordFiles } from '../components/record-files.tsx';
import { RecordPersons } from '../components/record-persons.tsx';

const TABS = ['overview', 'persons', 'files', 'offers', 'contracts'] as const;

/** One boarding record in the console: internal check, files, persons, offers, contracts, invoice, go-live. */
export function OperatorRecordPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const { uuid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'overview';
  const query = useBoardingRecord(uuid);
  const data = query.data;
  const back = (
    <Anchor component={Link} to={href('operator')} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('operator:record.back')}
      </Group>
    </Anchor>
  );
  if (query.isLoading || !data)
    return (
      <Page title={t('operator:record.loading')}>
        {back}
        {query.isLoading ? <Skeleton h={400} /> : null}
      </Page>
    );
  const r = data.record;
  const ready = data.checklist.every((c) => c.done);

  return (
    <Page
      title={r.account_name}
      description={t('operator:record.description', {
        state: t(`operator:state.${r.state}`),
        created: dateTime(r.created),
      })}
    >
      {back}
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'overview' ? { tab: next } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x} data-tab={x}>
              {t(`operator:record.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ChecklistCard checklist={data.checklist} ready={ready} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="md">
                <InternalCheckCard uuid={uuid} record={r} />
                <InvoiceCard uuid={uuid} invoice={data.invoice} />
                <GoLiveCard uuid={uuid} state={r.state} ready={ready} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="persons" pt="md">
          {data.forms.persons.length ? (
            <RecordPersons record={data} />
          ) : (
            <EmptyState title={t('operator:persons.emptyTitle')} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <RecordFiles record={data} />
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="md">
          <RecordOffers uuid={uuid} record={data} />
        </Tabs.Panel>
        <Tabs.Panel value="contracts" pt="md">
          <RecordContracts uuid={uuid} record={data} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
