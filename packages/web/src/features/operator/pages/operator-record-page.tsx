import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconFileInvoice, IconRocket, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { ChecklistCard } from '../../boarding/components/checklist-card.tsx';
import { FormStatusBadges } from '../../boarding/components/form-status-badges.tsx';
import {
  useBoardingRecord,
  useCreateContract,
  useGoLive,
  useInternalCheck,
  useInvoicePaid,
  useIssueInvoice,
} from '../api.ts';
import { OfferForm } from '../components/offer-form.tsx';
import { RecordFiles } from '../components/record-files.tsx';
import { RecordPersons } from '../components/record-persons.tsx';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';

const TABS = ['overview', 'persons', 'files', 'offers', 'contracts'] as const;

/** One boarding record in the console: internal check, files, persons, offers, contracts, invoice, go-live. */
export function OperatorRecordPage() {
  const { t } = useTranslation();
  const { dateTime, money } = useFormatters();
  const { uuid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'overview';
  const query = useBoardingRecord(uuid);
  const check = useInternalCheck();
  const issue = useIssueInvoice();
  const paid = useInvoicePaid();
  const goLive = useGoLive();
  const contract = useCreateContract();
  const [isOfferOpen, setOfferOpen] = useState(false);
  const [isDeclining, setDeclining] = useState(false);
  const [comment, setComment] = useState('');
  const [invoiceAmount, setInvoiceAmount] = useState('500.00');
  const [invoiceCurrency, setInvoiceCurrency] = useState('EUR');
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
  const inv = data.invoice;

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
                <Card withBorder radius="md">
                  <Stack gap="xs">
                    <Title order={4} fz="h5">
                      {t('operator:record.internalCheck')}
                    </Title>
                    <FormStatusBadges formStatus={r.app_form_status} reviewStatus={r.review_status} />
                    {r.app_form_status === 'submitted' && r.review_status !== 'Approved' ? (
                      <Group>
                        <Button
                          color="teal"
                          leftSection={<IconCheck size={16} />}
                          loading={check.isPending}
                          data-testid="internal-approve"
                          onClick={() => check.mutate({ params: { uuid }, body: { decision: 'approve' } })}
                        >
                          {t('operator:record.approveForms')}
                        </Button>
                        <Button
                          color="red"
                          variant="light"
                          leftSection={<IconX size={16} />}
                          onClick={() => setDeclining(true)}
                        >
                          {t('operator:record.declineForms')}
                        </Button>
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('operator:record.checkHint')}
                      </Text>
                    )}
                  </Stack>
                </Card>
                <Card withBorder radius="md">
                  <Stack gap="xs">
                    <Title order={4} fz="h5">
                      {t('operator:record.invoice')}
                    </Title>
                    {inv ? (
                      <Group justify="space-between">
                        <Text size="sm">{`${inv.number} · ${money(inv.amount, inv.currency)}`}</Text>
                        <Group gap="xs">
                          <Badge color={inv.status === 'paid' ? 'teal' : 'orange'}>
                            {t(`wizard:invoice.status.${inv.status}`)}
                          </Badge>
                          {inv.status === 'issued' ? (
                            <Button
                              size="xs"
                              loading={paid.isPending}
                              data-testid="invoice-paid"
                              onClick={() => paid.mutate({ params: { uuid }, body: {} })}
                            >
                              {t('operator:record.markPaid')}
                            </Button>
                          ) : null}
                        </Group>
                      </Group>
                    ) : (
                      <Group align="flex-end">
                        <TextInput
                          label={t('operator:record.amount')}
                          value={invoiceAmount}
                          onChange={(e) => setInvoiceAmount(e.currentTarget.value)}
                          w={140}
                        />
                        <TextInput
                          label={t('operator:record.currency')}
                          value={invoiceCurrency}
                          onChange={(e) => setInvoiceCurrency(e.currentTarget.value.toUpperCase())}
                          w={90}
                          maxLength={3}
                        />
                        <Button
                          leftSection={<IconFileInvoice size={16} />}
                          loading={issue.isPending}
                          data-testid="invoice-issue"
                          onClick={() =>
                            issue.mutate({
                              params: { uuid },
                              body: { amount: invoiceAmount, currency: invoiceCurrency },
                            })
                          }
                        >
                          {t('operator:record.issueInvoice')}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Card>
                <Card withBorder radius="md">
                  <Stack gap="xs">
                    <Title order={4} fz="h5">
                      {t('operator:record.goLive')}
                    </Title>
                    {r.state === 'live' ? (
                      <Alert color="teal">{t('operator:record.isLive')}</Alert>
                    ) : (
                      <Group justify="space-between">
                        <Text size="sm" c="dimmed">
                          {ready ? t('operator:record.readyText') : t('operator:record.notReady')}
                        </Text>
                        <Button
                          color="teal"
                          leftSection={<IconRocket size={16} />}
                          disabled={!ready}
                          loading={goLive.isPending}
                          data-testid="go-live"
                          onClick={() =>
                            goLive.mutate(
                              { params: { uuid } },
                              {
                                onSuccess: (a) =>
                                  notifySuccess(t('operator:record.wentLive', { email: a.master_email })),
                              },
                            )
                          }
                        >
                          {t('operator:record.approveGoLive')}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Card>
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
          <Stack>
            <Group justify="flex-end">
              <Button
                onClick={() => setOfferOpen(true)}
                data-testid="offer-create"
                disabled={r.partner !== null}
              >
                {t('operator:offers.create')}
              </Button>
            </Group>
            {data.offers.length === 0 ? (
              <EmptyState title={t('wizard:offers.emptyTitle')} />
            ) : (
              <Table verticalSpacing="sm">
                <Table.Tbody>
                  {data.offers.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td>{o.number}</Table.Td>
                      <Table.Td>{dateTime(o.created)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{t(`wizard:offers.statuses.${o.status}`)}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          <OfferForm
            uuid={uuid}
            client={r.account_name}
            opened={isOfferOpen}
            onClose={() => setOfferOpen(false)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="contracts" pt="md">
          <Stack>
            <Group justify="flex-end">
              {(['main', 'supplementary', 'NDA'] as const).map((type) => (
                <Button
                  key={type}
                  variant={type === 'main' ? 'filled' : 'default'}
                  loading={contract.isPending && contract.variables?.body?.type === type}
                  data-testid={`contract-create-${type}`}
                  onClick={() => contract.mutate({ params: { uuid }, body: { type } })}
                >
                  {t('operator:contracts.create', { kind: t(`wizard:contracts.kinds.${type}`) })}
                </Button>
              ))}
            </Group>
            {data.contracts.length === 0 ? (
              <EmptyState title={t('wizard:contracts.emptyTitle')} />
            ) : (
              <Table verticalSpacing="sm">
                <Table.Tbody>
                  {data.contracts.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.number}</Table.Td>
                      <Table.Td>{t(`wizard:contracts.kinds.${c.type}`)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{t(`wizard:contracts.statuses.${c.status}`)}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <CommentModal
        opened={isDeclining}
        onClose={() => setDeclining(false)}
        title={t('operator:record.declineForms')}
        label={t('operator:files.commentLabel')}
        value={comment}
        onChange={setComment}
        actionLabel={t('operator:record.declineForms')}
        onAction={() =>
          check.mutate(
            { params: { uuid }, body: { decision: 'decline', comment } },
            { onSuccess: () => setDeclining(false) },
          )
        }
        isPending={check.isPending}
        actionProps={{ color: 'red' }}
      />
    </Page>
  );
}
