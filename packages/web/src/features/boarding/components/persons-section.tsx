import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type PersonView,
  personsSetErrors,
  RELATED_PERSON_LISTS,
  type RelatedPersonList,
} from '@portal/domain';
import { IconCrown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import { useDeletePerson, useSetPrincipal } from '../api.ts';
import { PersonFormModal } from '../forms/person-form-modal.tsx';
import { LabelledActionIcon } from '../../../shared/ui/labelled-action-icon.tsx';

const LIST_FLAG: Record<RelatedPersonList, 'is_as' | 'is_lr' | 'is_bo'> = {
  auth_signs: 'is_as',
  legal_reps: 'is_lr',
  beneficial_owners: 'is_bo',
};

const statusColor = (status: PersonView['verification_status']) =>
  status === 'ACCEPTED'
    ? 'teal'
    : status === 'DECLINED' || status === 'DECLINED_AML'
      ? 'red'
      : status === 'PENDING'
        ? 'blue'
        : 'gray';

/** Related persons in the three lists of spec §3, with principal selection and change (spec §6). */
export function PersonsSection({
  persons,
  canEdit,
  canChoosePrincipal = canEdit,
}: {
  persons: PersonView[];
  canEdit: boolean;
  /** Principals can change after submission too, until the forms are signed (server rule). */
  canChoosePrincipal?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PersonView | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const remove = useDeletePerson();
  const principal = useSetPrincipal();
  const setErrors = personsSetErrors(persons);
  const fieldError = useFieldError();

  const confirmDelete = (person: PersonView) =>
    modals.openConfirmModal({
      title: t('wizard:persons.deleteTitle'),
      children: (
        <Text size="sm">
          {t('wizard:persons.deleteText', { name: `${person.first_name} ${person.last_name}` })}
        </Text>
      ),
      labels: { confirm: t('wizard:persons.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ params: { id: person.id } }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          {t('wizard:persons.intro')}
        </Text>
        {canEdit ? (
          <Button
            leftSection={<IconPlus size={16} />}
            data-testid="person-add"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('wizard:persons.add')}
          </Button>
        ) : null}
      </Group>
      {RELATED_PERSON_LISTS.map((list) => {
        const rows = persons.filter((p) => p[LIST_FLAG[list]]);
        const kind = list === 'auth_signs' ? 'as' : list === 'legal_reps' ? 'lr' : null;
        return (
          <Paper key={list} withBorder radius="md" p="md" data-list={list}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t(`wizard:persons.lists.${list}`)}
              </Title>
              {setErrors[list] ? (
                <Alert color="orange" variant="light" py={6}>
                  {t(`wizard:persons.needOne.${list}`)}
                </Alert>
              ) : null}
              {rows.length === 0 ? null : (
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing={6}>
                    <Table.Tbody>
                      {rows.map((p) => {
                        const isPrincipal =
                          kind === 'as'
                            ? p.is_principal_signer
                            : kind === 'lr'
                              ? p.is_principal_legal_rep
                              : false;
                        return (
                          <Table.Tr key={p.id}>
                            <Table.Td>
                              <Group gap={6}>
                                <Text size="sm" fw={500}>{`${p.first_name} ${p.last_name}`}</Text>
                                {isPrincipal ? (
                                  <Badge
                                    size="xs"
                                    color="yellow"
                                    variant="light"
                                    leftSection={<IconCrown size={10} />}
                                  >
                                    {t('wizard:persons.principal')}
                                  </Badge>
                                ) : null}
                              </Group>
                              <Text size="xs" c="dimmed">
                                {list === 'beneficial_owners' && p.ownership
                                  ? t('wizard:persons.ownership', { value: p.ownership })
                                  : p.email}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Badge color={statusColor(p.verification_status)} variant="light">
                                {t(`wizard:verificationStatus.${p.verification_status}`)}
                              </Badge>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                {canChoosePrincipal && kind && !isPrincipal ? (
                                  <Button
                                    size="compact-xs"
                                    variant="subtle"
                                    loading={principal.isPending}
                                    onClick={() => principal.mutate({ body: { kind, person_id: p.id } })}
                                  >
                                    {t('wizard:persons.makePrincipal')}
                                  </Button>
                                ) : null}
                                {canEdit ? (
                                  <>
                                    <LabelledActionIcon
                                      label={t('wizard:persons.edit')}
                                      onClick={() => {
                                        setEditing(p);
                                        setFormOpen(true);
                                      }}
                                    >
                                      <IconPencil size={16} />
                                    </LabelledActionIcon>
                                    <LabelledActionIcon
                                      color="red"
                                      label={t('wizard:persons.delete')}
                                      onClick={() => confirmDelete(p)}
                                    >
                                      <IconTrash size={16} />
                                    </LabelledActionIcon>
                                  </>
                                ) : null}
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Paper>
        );
      })}
      {setErrors.ownership ? (
        <Alert color="red" variant="light">
          {fieldError(setErrors.ownership)}
        </Alert>
      ) : null}
      <PersonFormModal opened={isFormOpen} person={editing} onClose={() => setFormOpen(false)} />
    </Stack>
  );
}
