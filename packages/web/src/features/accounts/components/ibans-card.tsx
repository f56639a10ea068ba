import {
  Badge,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  ActionIcon,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel } from '../../../shared/i18n/code-labels.ts';
import { IBANS_PAGE_SIZE, useWalletIbans } from '../api.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { displayIban } from '../../../shared/format/accounts.ts';
import { ListPager } from '../../../shared/ui/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

/** IBANs of the wallet (POST /wallets/ibans/:size/:page), grouped by 4 for reading. */
export function IbansCard({ walletId }: { walletId: number }) {
  const { t } = useTranslation('ibans');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useWalletIbans(walletId, page);
  const ibans = query.data?.wallet_ibans ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="ibans-card">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('title')}
        </Title>
        {query.data ? <Badge variant="light">{query.data.quantity}</Badge> : null}
      </Group>
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : ibans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6}>
            <ListHead
              columns={[
                t('columns.iban'),
                t('columns.bankCode'),
                t('columns.rails'),
                t('columns.status'),
                t('columns.created'),
              ]}
            />
            <Table.Tbody>
              {ibans.map((iban) => (
                <Table.Tr key={iban.id} data-testid="iban-row">
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" ff="monospace" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {displayIban(iban.iban_number)}
                      </Text>
                      <CopyButton value={iban.iban_number} timeout={1500}>
                        {({ copied, copy }) => (
                          <Tooltip label={t(copied ? 'copied' : 'copy')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color={copied ? 'teal' : 'gray'}
                              size="sm"
                              onClick={copy}
                              aria-label={t('copy')}
                            >
                              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{iban.bank_code}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="default" size="sm">
                      {checkRuleLabel(t, iban.check_rule_code)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={iban.status === 1 ? 'teal' : 'gray'} size="sm">
                      {t(iban.status === 1 ? 'status.active' : 'status.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {format.date(iban.created)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        total={query.data?.quantity ?? 0}
        pageSize={IBANS_PAGE_SIZE}
        page={page}
        onPage={setPage}
        size="sm"
        justify="flex-start"
        mt="sm"
      />
    </Paper>
  );
}
