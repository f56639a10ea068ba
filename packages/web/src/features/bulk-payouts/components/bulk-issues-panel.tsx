import { Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BulkIssueView } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CardList, ListCard, usePhone } from '../../../shared/ui/index.ts';

/** A row problem in the reader's language: the terminal's own codes, else the pay-out field codes. */
export function issueText(issue: BulkIssueView, t: TFunction): string {
  return t([`bulkPayouts:rowErrors.${issue.code}`, `payments:fieldErrors.${issue.code}`], {
    ...issue.params,
    defaultValue: issue.message,
  });
}

const fieldText = (field: string, t: TFunction) => t(`bulkPayouts:columns.${field}`, { defaultValue: field });

/** The batch's row problems (errors and warnings): cards on a phone, a table otherwise. */
export function BulkIssuesPanel({ issues, count }: { issues: BulkIssueView[]; count: number }) {
  const { t } = useTranslation('bulkPayouts');
  const phone = usePhone();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('issues.title')}</Text>
          <Text size="sm" c="dimmed" data-testid="bulk-issue-count">
            {t('issues.count', { count })}
          </Text>
        </Group>
        {phone ? (
          <CardList testId="bulk-issues">
            {issues.map((issue) => (
              <ListCard
                key={`${issue.row}-${issue.field}-${issue.code}`}
                title={t('issues.rowN', { row: issue.row })}
                meta={fieldText(issue.field, t)}
                data={{ 'data-testid': 'bulk-issue' }}
              >
                <Text size="sm" c={issue.severity === 'error' ? 'red' : 'yellow'}>
                  {issueText(issue, t)}
                </Text>
              </ListCard>
            ))}
          </CardList>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Table striped verticalSpacing={4} data-testid="bulk-issues">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('issues.row')}</Table.Th>
                  <Table.Th w={180}>{t('issues.field')}</Table.Th>
                  <Table.Th>{t('issues.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {issues.map((issue) => (
                  <Table.Tr key={`${issue.row}-${issue.field}-${issue.code}`} data-testid="bulk-issue">
                    <Table.Td ff="monospace">{issue.row}</Table.Td>
                    <Table.Td>{fieldText(issue.field, t)}</Table.Td>
                    <Table.Td c={issue.severity === 'error' ? 'red' : 'yellow'}>
                      <Group gap={6} wrap="nowrap">
                        {issue.severity === 'warning' ? <IconAlertTriangle size={14} /> : null}
                        <span>{issueText(issue, t)}</span>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
