import { ActionIcon, Menu, Table, Text } from '@mantine/core';
import { formatField, type VaAction, type VaStatus } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel, vaReasonLabel } from '../../../shared/i18n/code-labels.ts';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import type { VirtualAccountRow } from '../api.ts';
import { VaStatusBadge } from './va-status-badge.tsx';

/** A wallet's virtual accounts, each with a menu to read its details, its payments, or change its state. */
export function VaTable({
  rows,
  onInfo,
  onAction,
}: {
  rows: VirtualAccountRow[];
  onInfo: (va: VirtualAccountRow) => void;
  onAction: (va: VirtualAccountRow, action: VaAction) => void;
}) {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  return (
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
              <Table.Td>{checkRuleLabel(t, va.check_rule_code)}</Table.Td>
              <Table.Td>{va.level}</Table.Td>
              <Table.Td>
                <VaStatusBadge status={va.status as VaStatus} />
                {va.reason ? (
                  <Text size="xs" c="dimmed" data-testid="va-reason">
                    {vaReasonLabel(t, va.reason)}
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
                    <Menu.Item onClick={() => onInfo(va)} data-testid="va-info">
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
                      <Menu.Item onClick={() => onAction(va, 'disable')}>{t('actions.disable')}</Menu.Item>
                    ) : null}
                    {va.status === 'disabled' ? (
                      <Menu.Item onClick={() => onAction(va, 'enable')}>{t('actions.enable')}</Menu.Item>
                    ) : null}
                    {va.status !== 'closed' ? (
                      <Menu.Item color="red" onClick={() => onAction(va, 'close')} data-testid="va-close">
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
  );
}
