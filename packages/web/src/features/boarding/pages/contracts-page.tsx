import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconCreditCard, IconEye, IconInfoCircle, IconSignature, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAndView, notifyError, notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import {
  useContracts,
  useDeclineContract,
  useForms,
  useInvoice,
  usePayInvoice,
  useSignContract,
} from '../api.ts';
import { SignDialog } from '../components/sign-dialog.tsx';

const contractColor = { initialized: 'gray', created: 'blue', signed: 'teal', declined: 'red' } as const;

/** `contracts`: main and supplementary contracts, view / sign / decline, and the boarding invoice. */
export function ContractsPage() {
  const { t } = useTranslation();
  const { dateTime, money } = useFormat();
  const session = useSession();
  const canWrite = session.hasScope('contracts/write');
  const contracts = useContracts();
  const invoice = useInvoice();
  const forms = useForms();
  const pay = usePayInvoice();
  const sign = useSignContract();
  const decline = useDeclineContract();
  const [signing, setSigning] = useState<string | null>(null);
  const [principalLr, setPrincipalLr] = useState<string | null>(null);
  const list = contracts.data?.contracts ?? [];
  const signingContract = list.find((c) => c.id === signing);
  const legalReps = (forms.data?.persons ?? []).filter((p) => p.is_lr);
  const needsLr = signingContract?.type === 'main';
  const inv = invoice.data?.invoice;
  const chosenLr =
    principalLr ?? legalReps.find((p) => p.is_principal_legal_rep)?.id ?? legalReps[0]?.id ?? null;

  return (
    <Page title={t('wizard:contracts.title')} description={t('wizard:contracts.description')}>
      <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="contracts-notice">
        {t('wizard:contracts.notice')}
      </Alert>
      {inv ? (
        <Card withBorder radius="md" data-testid="invoice-card">
          <Group justify="space-between">
            <Stack gap={2}>
              <Title order={3} size="h5">
                {t('wizard:invoice.title', { number: inv.number })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('wizard:invoice.issued', { when: dateTime(inv.issued_at) })}
              </Text>
            </Stack>
            <Group>
              <Text fw={600}>{money(inv.amount, inv.currency)}</Text>
              <Badge color={inv.status === 'paid' ? 'teal' : 'orange'}>
                {t(`wizard:invoice.status.${inv.status}`)}
              </Badge>
              {canWrite && inv.status === 'issued' ? (
                <Button
                  leftSection={<IconCreditCard size={16} />}
                  loading={pay.isPending}
                  onClick={() => pay.mutate({}, { onSuccess: () => notifySuccess(t('wizard:invoice.paid')) })}
                >
                  {t('wizard:invoice.pay')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Card>
      ) : null}
      {contracts.isLoading ? (
        <Skeleton h={200} radius="md" />
      ) : list.length === 0 ? (
        <EmptyState title={t('wizard:contracts.emptyTitle')} description={t('wizard:contracts.emptyText')} />
      ) : (
        (['main', 'supplementary', 'NDA'] as const).map((kind) => {
          const rows = list.filter((c) => c.type === kind);
          if (rows.length === 0) return null;
          return (
            <Card key={kind} withBorder radius="md" p={0}>
              <Text fw={600} p="md" pb={0}>
                {t(`wizard:contracts.kinds.${kind}`)}
              </Text>
              <Table verticalSpacing="sm" data-testid={`contracts-${kind}`}>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.number}</Table.Td>
                      <Table.Td>{dateTime(c.created)}</Table.Td>
                      <Table.Td>
                        <Badge color={contractColor[c.status]} variant="light">
                          {t(`wizard:contracts.statuses.${c.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} justify="flex-end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconEye size={14} />}
                            onClick={() =>
                              downloadAndView(apiRoutes.contractPdf, {
                                params: { id: c.id },
                                fallbackName: 'contract.pdf',
                              }).catch((e: unknown) => notifyError(e, t))
                            }
                          >
                            {t('wizard:contracts.view')}
                          </Button>
                          {canWrite && (c.status === 'created' || c.status === 'initialized') ? (
                            <>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color="red"
                                leftSection={<IconX size={14} />}
                                loading={decline.isPending}
                                onClick={() => decline.mutate({ params: { id: c.id } })}
                              >
                                {t('wizard:contracts.decline')}
                              </Button>
                              <Button
                                size="compact-sm"
                                leftSection={<IconSignature size={14} />}
                                data-testid="contract-sign"
                                onClick={() => setSigning(c.id)}
                              >
                                {t('wizard:contracts.sign')}
                              </Button>
                            </>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          );
        })
      )}
      <SignDialog
        opened={signing !== null}
        title={t('wizard:contracts.signTitle', { number: signingContract?.number ?? '' })}
        description={t('wizard:contracts.signText')}
        isPending={sign.isPending}
        canSubmit={!needsLr || !!chosenLr}
        onClose={() => setSigning(null)}
        onSign={(signature) =>
          signing &&
          sign.mutate(
            {
              params: { id: signing },
              body: { signature, principal_lr_person_id: needsLr ? (chosenLr ?? undefined) : undefined },
            },
            {
              onSuccess: () => {
                setSigning(null);
                notifySuccess(t('wizard:contracts.signed'));
              },
            },
          )
        }
      >
        {needsLr ? (
          <Select
            label={t('wizard:contracts.principalLr')}
            data={legalReps.map((p) => ({ value: p.id, label: `${p.first_name} ${p.last_name}` }))}
            value={chosenLr}
            onChange={setPrincipalLr}
            data-testid="principal-lr"
          />
        ) : null}
      </SignDialog>
    </Page>
  );
}
