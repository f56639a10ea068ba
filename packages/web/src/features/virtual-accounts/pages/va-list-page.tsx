import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatField,
  RIGHT_ACTIONS,
  VA_CHECK_RULE_CODES,
  VA_LEVELS,
  VA_STATUSES,
  type VaAction,
  type VaCheckRuleCode,
  type VaStatus,
} from '@portal/domain';
import { IconDots, IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { errorMessage } from '../../../shared/api/index.ts';
import { useRights } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { VaPager } from '../components/va-pager.tsx';
import { useListParams } from '../../../shared/ui/list-params.ts';
import { useWallet } from '../../accounts/api.ts';
import { useVaGroups, useVaList, type VirtualAccountRow } from '../api.ts';
import { VaActionDialog } from '../components/va-action-dialog.tsx';
import { VaInfoModal } from '../components/va-info-modal.tsx';
import { VaStatusBadge } from '../components/va-status-badge.tsx';
import { useFormat } from '../../../shared/format/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** VA groups and accounts of one wallet (spec §2 Virtual Accounts), filters kept in the URL. */
export function VaListPage() {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  const { uuid = '' } = useParams();
  const { params: search, set: setParam, page } = useListParams({ filterHistory: 'push' });
  const wallet = useWallet(uuid);
  const walletId = wallet.data?.wallet.id;
  const rights = useRights();
  const status = pick(VA_STATUSES, search.get('status'));
  const rule = pick(VA_CHECK_RULE_CODES, search.get('rule'));
  const level = search.get('level') ? Number(search.get('level')) : undefined;
  const iban = search.get('iban') ?? '';
  const [ibanInput, setIbanInput] = useState(iban);
  const body = {
    sort_param: 'created' as const,
    sort_order: 'desc' as const,
    ...(status ? { iban_status: status } : {}),
    ...(rule ? { iban_check_rule_code: rule } : {}),
    ...(level ? { iban_level: level } : {}),
    ...(iban ? { filter_param: 'iban_number' as const, filter_value: iban } : {}),
  };
  const list = useVaList(walletId, page, body);
  const groups = useVaGroups();
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
      <Paper withBorder radius="md" p="md" data-testid="va-groups">
        <Title order={4} mb="sm">
          {t('groups.title')}
        </Title>
        {groups.isPending ? (
          <Skeleton height={40} />
        ) : (groups.data?.iban_groups ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('groups.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={6}>
              <ListHead
                columns={[
                  t('groups.name'),
                  t('groups.country'),
                  t('columns.checkRule'),
                  t('columns.level'),
                  t('groups.bank'),
                  t('groups.usage'),
                ]}
              />
              <Table.Tbody>
                {(groups.data?.iban_groups ?? []).map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>{g.name}</Table.Td>
                    <Table.Td>{g.country}</Table.Td>
                    <Table.Td>{g.check_rule_code}</Table.Td>
                    <Table.Td>{g.level}</Table.Td>
                    <Table.Td>
                      {g.bank} · {g.bic}
                    </Table.Td>
                    <Table.Td>
                      {t('groups.usageValue', { allocated: g.allocated, limit: g.limit, free: g.free })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="va-filters">
        <Select
          label={t('filters.status')}
          placeholder={t('filters.any')}
          clearable
          data={VA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status ?? null}
          onChange={(v) => setParam('status', v ?? undefined)}
          data-testid="va-filter-status"
        />
        <Select
          label={t('filters.level')}
          placeholder={t('filters.any')}
          clearable
          data={VA_LEVELS.map((l) => ({ value: String(l), label: String(l) }))}
          value={level ? String(level) : null}
          onChange={(v) => setParam('level', v ?? undefined)}
        />
        <Select
          label={t('filters.checkRule')}
          placeholder={t('filters.any')}
          clearable
          data={VA_CHECK_RULE_CODES.map((c: VaCheckRuleCode) => ({ value: c, label: c }))}
          value={rule ?? null}
          onChange={(v) => setParam('rule', v ?? undefined)}
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setParam('iban', ibanInput.trim() || undefined);
          }}
        >
          <TextInput
            label={t('filters.iban')}
            description={t('filters.ibanHint')}
            value={ibanInput}
            onChange={(e) => setIbanInput(e.currentTarget.value)}
            rightSection={
              <ActionIcon type="submit" variant="subtle" aria-label={t('filters.search')}>
                <IconSearch size={16} />
              </ActionIcon>
            }
            data-testid="va-filter-iban"
          />
        </form>
      </SimpleGrid>

      {list.isError ? <Alert color="red">{errorMessage(list.error, t)}</Alert> : null}
      {list.isPending && walletId !== undefined ? (
        <Stack gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} highlightOnHover data-testid="va-table">
            <ListHead
              columns={[
                t('columns.number'),
                t('columns.customer'),
                t('columns.checkRule'),
                t('columns.level'),
                t('columns.status'),
                t('columns.created'),
                {},
              ]}
            />
            <Table.Tbody>
              {rows.map((va) => (
                <Table.Tr key={va.id} data-testid="va-row">
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {va.iban_number
                      ? formatField('iban', va.iban_number)
                      : `${va.bsbCode ?? va.bank_code} ${va.accNumber}`}
                    {va.sortCode ? (
                      <Text size="xs" c="dimmed">
                        {t('columns.sortCodeAccount', {
                          sortCode: formatField('sortCode', va.sortCode),
                          account: va.accNumber,
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{va.client_customer_name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`clientType.${va.clientType}`)} · {va.client_customer_id}
                    </Text>
                    {va.compliance_warning ? (
                      <Text size="xs" c="orange" data-testid="va-compliance-warning">
                        {t('complianceWarning')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{va.check_rule_code}</Table.Td>
                  <Table.Td>{va.level}</Table.Td>
                  <Table.Td>
                    <VaStatusBadge status={va.status as VaStatus} />
                    {va.reason ? (
                      <Text size="xs" c="dimmed">
                        {va.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{fmt.date(va.created)}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t('actions.menu')} data-testid="va-row-menu">
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setInfo(va)} data-testid="va-info">
                          {t('actions.info')}
                        </Menu.Item>
                        <Menu.Item
                          component={Link}
                          to={href('mi_acc_payments', { workMode: 'list' }, { va: va.number, period: 'all' })}
                          data-testid="va-payments"
                        >
                          {t('actions.payments')}
                        </Menu.Item>
                        {va.status === 'active' ? (
                          <Menu.Item onClick={() => setAction({ va, action: 'disable' })}>
                            {t('actions.disable')}
                          </Menu.Item>
                        ) : null}
                        {va.status === 'disabled' ? (
                          <Menu.Item onClick={() => setAction({ va, action: 'enable' })}>
                            {t('actions.enable')}
                          </Menu.Item>
                        ) : null}
                        {va.status !== 'closed' ? (
                          <Menu.Item
                            color="red"
                            onClick={() => setAction({ va, action: 'close' })}
                            data-testid="va-close"
                          >
                            {t('actions.close')}
                          </Menu.Item>
                        ) : null}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
