import { Badge, Group, Progress, Text } from '@mantine/core';
import type { apiRoutes, RouteResponse } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { CardList, ListCard } from '../../../shared/ui/index.ts';

type BoardingRow = RouteResponse<typeof apiRoutes.opBoardingList>['rows'][number];

/** The boarding state of a record as a badge (table and cards). */
export function RecordStateBadge({ state }: { state: BoardingRow['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={state === 'live' ? 'teal' : 'blue'} variant="light" data-state={state}>
      {t(`operator:state.${state}`)}
    </Badge>
  );
}

/** The checklist as "done / total" over a thin bar (table and cards). */
export function ChecklistProgress({ done, total }: { done: number; total: number }) {
  return (
    <>
      <Text size="xs" c="dimmed">{`${done} / ${total}`}</Text>
      <Progress value={total ? (done / total) * 100 : 0} size="xs" />
    </>
  );
}

/**
 * Boarding records on a phone: company and state, then the date created and the forms and review
 * status, then the checklist. Tapping a card opens the record, as a row does in the table.
 */
export function RecordCards({ rows, onOpen }: { rows: BoardingRow[]; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <CardList testId="record-cards">
      {rows.map((r) => (
        <ListCard
          key={r.uuid}
          data={{ 'data-record': r.account_name }}
          onOpen={() => onOpen(r.uuid)}
          openLabel={r.account_name}
          title={
            <>
              <Text size="sm" fw={600} lineClamp={2}>
                {r.account_name}
              </Text>
              {r.partner ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {t('operator:list.partner', { partner: r.partner })}
                </Text>
              ) : null}
            </>
          }
          aside={<RecordStateBadge state={r.state} />}
          meta={
            <Text size="xs" c="dimmed">
              {t('operator:card.meta', {
                date: date(r.created),
                forms: t(`wizard:formStatus.${r.app_form_status}`),
                review: t(`wizard:reviewStatus.${r.review_status}`),
              })}
            </Text>
          }
        >
          <Group gap="xs" wrap="nowrap" align="center">
            <Text size="xs" c="dimmed">
              {t('operator:columns.checklist')}
            </Text>
            <div style={{ flex: 1 }}>
              <ChecklistProgress done={r.checklist_done} total={r.checklist_total} />
            </div>
          </Group>
        </ListCard>
      ))}
    </CardList>
  );
}
