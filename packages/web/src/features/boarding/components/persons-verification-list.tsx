import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Consolidated } from '../api.ts';
import { BoardingPanel } from './panel.tsx';

type Person = Consolidated['auth_signs'][number];

/** Related persons verifications (spec §2): person name and verified, Passed / Not passed. */
export function PersonsVerificationList({ data }: { data: Consolidated }) {
  const { t } = useTranslation();
  const byId = new Map<string, { person: Person; roles: string[] }>();
  const add = (list: Person[], roleKey: string) => {
    for (const person of list) {
      const entry = byId.get(person.id) ?? { person, roles: [] };
      entry.roles.push(roleKey);
      byId.set(person.id, entry);
    }
  };
  add(data.auth_signs, 'as');
  add(data.legal_reps, 'lr');
  add(data.beneficial_owners, 'bo');
  const rows = [...byId.values()];
  return (
    <BoardingPanel title={t('wizard:persons.verificationsTitle')}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('wizard:persons.none')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="verifications-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard:persons.name')}</Table.Th>
              <Table.Th>{t('wizard:persons.verified')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ person, roles }) => (
              <Table.Tr key={person.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{`${person.first_name} ${person.last_name}`}</Text>
                    {roles.map((role) => (
                      <Badge key={role} size="xs" variant="light" color="gray">
                        {t(`wizard:roles.short.${role}`)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={person.verified ? 'teal' : 'orange'} variant="light">
                    {person.verified ? t('wizard:persons.passed') : t('wizard:persons.notPassed')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </BoardingPanel>
  );
}
