import { Badge, Table } from '@mantine/core';
import type { CaseStatus, MessagePriority } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<CaseStatus, string> = {
  Created: 'blue',
  'In Progress': 'yellow',
  'On Hold': 'gray',
  'External Investigating': 'grape',
  Closed: 'teal',
  'Declined-Closed': 'red',
};

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      {t(`messages:statuses.${status}`)}
    </Badge>
  );
}

const PRIORITY_COLOR: Record<MessagePriority, string> = { high: 'red', medium: 'orange', low: 'gray' };

export function PriorityBadge({ priority }: { priority: MessagePriority }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant="dot">
      {t(`messages:priorities.${priority}`)}
    </Badge>
  );
}

/** A case's status and priority as two cells of a list row. */
export function CaseBadgeCells({ status, priority }: { status: string; priority: MessagePriority }) {
  return (
    <>
      <Table.Td>
        <CaseStatusBadge status={status as CaseStatus} />
      </Table.Td>
      <Table.Td>
        <PriorityBadge priority={priority} />
      </Table.Td>
    </>
  );
}
