import { Badge, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useApproveOffer, useDeclineOffer, useOffers } from '../api.ts';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';

const offerColor = { created: 'blue', approved: 'teal', converted: 'grape', declined: 'red' } as const;

/** `offers`: list and view, approve or decline (spec §2). */
export function OffersPage() {
  const { t } = useTranslation();
  const { date, dateTime, money } = useFormat();
  const session = useSession();
  const canWrite = session.hasScope('offers/write');
  const query = useOffers();
  const [params, setParams] = useSearchParams();
  const approve = useApproveOffer();
  const decline = useDeclineOffer();
  const [isDeclining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const offers = query.data?.offers ?? [];
  const selected = offers.find((o) => o.id === params.get('offer')) ?? offers[0];

  return (
    <Page title={t('wizard:offers.title')} description={t('wizard:offers.description')}>
      {query.isLoading ? (
        <Skeleton h={260} radius="md" />
      ) : offers.length === 0 ? (
        <EmptyState title={t('wizard:offers.emptyTitle')} description={t('wizard:offers.emptyText')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" p={0}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="offers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wizard:offers.number')}</Table.Th>
                  <Table.Th>{t('wizard:offers.created')}</Table.Th>
                  <Table.Th>{t('wizard:offers.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {offers.map((o) => (
                  <Table.Tr
                    key={o.id}
                    onClick={() => setParams({ offer: o.id }, { replace: true })}
                    style={{ cursor: 'pointer' }}
                    bg={o.id === selected?.id ? 'var(--mantine-color-default-hover)' : undefined}
                  >
                    <Table.Td>{o.number}</Table.Td>
                    <Table.Td>{dateTime(o.created)}</Table.Td>
                    <Table.Td>
                      <Badge color={offerColor[o.status]} variant="light">
                        {t(`wizard:offers.statuses.${o.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          {selected ? (
            <Card withBorder radius="md" data-testid="offer-view">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{t('wizard:offers.letter', { number: selected.number })}</Text>
                  <Badge color={offerColor[selected.status]}>
                    {t(`wizard:offers.statuses.${selected.status}`)}
                  </Badge>
                </Group>
                <Divider />
                {(
                  [
                    ['client', selected.letter.client],
                    ['term', selected.letter.term],
                    ['account_types', selected.letter.account_types.join(', ')],
                    ['payment_options', selected.letter.payment_options.join(', ')],
                    ['territories', selected.letter.territories.join(', ')],
                    ['currencies', selected.letter.currencies.join(', ')],
                    ['default_currency', selected.letter.default_currency],
                    ['payment_systems', selected.letter.payment_systems.join(', ')],
                    [
                      'minimum_funds',
                      money(selected.letter.minimum_funds.amount, selected.letter.minimum_funds.currency),
                    ],
                    ['expiry_date', date(selected.letter.expiry_date)],
                    ['condition', selected.letter.condition],
                    ['fee', selected.letter.fee],
                  ] as const
                ).map(([key, value]) => (
                  <Group key={key} justify="space-between" align="flex-start" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {t(`wizard:offers.items.${key}`)}
                    </Text>
                    <Text size="sm" ta="right">
                      {value || t('wizard:dash')}
                    </Text>
                  </Group>
                ))}
                {canWrite && selected.status === 'created' ? (
                  <Group justify="flex-end" mt="sm">
                    <Button
                      variant="default"
                      color="red"
                      leftSection={<IconX size={16} />}
                      onClick={() => setDeclining(true)}
                    >
                      {t('wizard:offers.decline')}
                    </Button>
                    <Button
                      leftSection={<IconCheck size={16} />}
                      loading={approve.isPending}
                      data-testid="offer-approve"
                      onClick={() =>
                        approve.mutate(
                          { params: { id: selected.id } },
                          { onSuccess: () => notifySuccess(t('wizard:offers.approved')) },
                        )
                      }
                    >
                      {t('wizard:offers.approve')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ) : null}
        </SimpleGrid>
      )}
      <CommentModal
        opened={isDeclining}
        onClose={() => setDeclining(false)}
        title={t('wizard:offers.declineTitle')}
        label={t('wizard:offers.reason')}
        value={reason}
        onChange={setReason}
        actionLabel={t('wizard:offers.decline')}
        onAction={() =>
          selected &&
          decline.mutate(
            { params: { id: selected.id }, body: { reason: reason || undefined } },
            { onSuccess: () => setDeclining(false) },
          )
        }
        isPending={decline.isPending}
        actionProps={{ color: 'red' }}
      />
    </Page>
  );
}
