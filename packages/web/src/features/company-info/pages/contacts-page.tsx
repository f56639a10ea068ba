import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CompanyContact } from '@portal/domain';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconMail,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useCompanyContacts, useContactMutations } from '../api.ts';
import { ContactForm, type ContactFormValues } from './contact-form.tsx';
import { LabelledActionIcon } from '../../../shared/ui/labelled-action-icon.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { ContactHeading, ContactPhone } from './contact-parts.tsx';

/** List of Contacts (spec §1, §2): the company's contacts per issue type; the Master User edits them. */
export function CompanyContactsPage() {
  const { t } = useTranslation('companyInfo');
  const query = useCompanyContacts();
  const { save, remove } = useContactMutations();
  const [editing, setEditing] = useState<CompanyContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyContact | null>(null);
  const data = query.data;

  const submit = (values: ContactFormValues) => {
    save.mutate(
      {
        body: {
          ...(values.uuid ? { uuid: values.uuid } : {}),
          email: values.email,
          first_name: values.first_name,
          last_name: values.last_name,
          position: values.position,
          phone: values.phone,
          issue_types: values.issue_types,
        },
      },
      {
        onSuccess: () => {
          setEditing(null);
          notifySuccess(t('contacts.saved'));
        },
      },
    );
  };

  return (
    <Page
      title={t('contacts.title')}
      description={t('contacts.description')}
      actions={
        data?.can_edit ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="contact-add"
          >
            {t('contacts.add')}
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          <Skeleton h={150} radius="md" />
          <Skeleton h={150} radius="md" />
        </SimpleGrid>
      ) : !data || data.contacts.length === 0 ? (
        <EmptyState
          icon={<IconAddressBook size={26} stroke={1.5} />}
          title={t('contacts.emptyTitle')}
          description={t('contacts.emptyText')}
        />
      ) : (
        <Stack gap="md">
          {data.missing_types.length ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="contacts-missing">
              {t('contacts.missing', {
                types: data.missing_types.map((type) => t(`issueTypes.${type}`)).join(', '),
              })}
            </Alert>
          ) : null}
          {data.can_edit ? null : (
            <Text size="sm" c="dimmed">
              {t('contacts.masterOnly')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="contacts-list">
            {data.contacts.map((c) => (
              <Paper key={c.uuid} withBorder radius="md" p="md" data-testid="contact-card">
                <Stack gap={8}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <ContactHeading
                      title={`${c.first_name} ${c.last_name}`}
                      subtitle={c.position}
                      clampTitle
                    />
                    {data.can_edit && !c.from_forms ? (
                      <Group gap={4} wrap="nowrap">
                        <LabelledActionIcon
                          variant="default"
                          label={t('contacts.edit')}
                          onClick={() => setEditing(c)}
                        >
                          <IconPencil size={16} />
                        </LabelledActionIcon>
                        <LabelledActionIcon
                          variant="light"
                          color="red"
                          label={t('contacts.delete')}
                          onClick={() => setDeleting(c)}
                        >
                          <IconTrash size={16} />
                        </LabelledActionIcon>
                      </Group>
                    ) : null}
                  </Group>
                  <Group gap={6}>
                    <IconMail size={14} />
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {c.email}
                    </Text>
                  </Group>
                  <ContactPhone phone={c.phone} />
                  <Group gap={4}>
                    {c.issue_types.map((type) => (
                      <Badge key={type} variant="light" size="sm">
                        {t(`issueTypes.${type}`)}
                      </Badge>
                    ))}
                    {c.issue_types.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('contacts.noIssueTypes')}
                      </Text>
                    ) : null}
                  </Group>
                  {c.from_forms ? (
                    <Group gap={4}>
                      {(['as', 'lr', 'bo'] as const).map((role) =>
                        c[`is_${role}`] ? (
                          <Badge key={role} variant="outline" size="xs">
                            {t(`contacts.roles.${role}`)}
                          </Badge>
                        ) : null,
                      )}
                      <Text size="xs" c="dimmed">
                        {t('contacts.fromForms')}
                      </Text>
                    </Group>
                  ) : null}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {editing ? (
        <ContactForm
          key={editing === 'new' ? 'new' : editing.uuid}
          contact={editing === 'new' ? null : editing}
          opened
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSubmit={submit}
        />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('contacts.deleteTitle')}>
        <Stack gap="md">
          <Text size="sm">
            {t('contacts.deleteText', {
              name: deleting ? `${deleting.first_name} ${deleting.last_name}` : '',
            })}
          </Text>
          <DialogActions
            gap="xs"
            cancelLabel={t('contacts.cancel')}
            onCancel={() => setDeleting(null)}
            submitLabel={t('contacts.delete')}
            color="red"
            isSubmitting={remove.isPending}
            onConfirm={() =>
              deleting &&
              remove.mutate(
                { body: { uuid: deleting.uuid } },
                {
                  onSuccess: () => {
                    setDeleting(null);
                    notifySuccess(t('contacts.deleted'));
                  },
                },
              )
            }
          />
        </Stack>
      </Modal>
    </Page>
  );
}
