import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiRoutes } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import type { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { bodySchema } from '../../../shared/forms/form-utils.ts';
import { useContactNotifications, useSaveContact, useSetContactNotifications } from '../api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { BoardingPanel } from './panel.tsx';

const TYPES = [
  'notify_on_technical_issues',
  'notify_on_financial_issues',
  'notify_on_compliance_issues',
  'notify_on_online_banking',
] as const;
const notifySchema = bodySchema(apiRoutes.setContactNotifications);
type NotifyType = (typeof TYPES)[number];
type Flags = Record<string, Record<NotifyType, boolean>>;

/** Contacts per issue type (spec §2, §5): every type needs a contact; related persons edit via forms. */
export function ContactsPanel({ uuid, role, canEdit }: { uuid: string; role: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useContactNotifications(uuid, role, true);
  const save = useSetContactNotifications();
  const [flags, setFlags] = useState<Flags>({});
  const [isAdding, setAdding] = useState(false);
  const contacts = query.data?.notification_contacts ?? [];

  useEffect(() => {
    const next: Flags = {};
    for (const c of query.data?.notification_contacts ?? [])
      next[c.uuid] = Object.fromEntries(TYPES.map((type) => [type, c[type]])) as Record<NotifyType, boolean>;
    setFlags(next);
  }, [query.data]);

  if (query.isError) return null;
  return (
    <BoardingPanel
      title={t('wizard:contacts.title')}
      testId="contacts-panel"
      aside={
        canEdit ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            {t('wizard:contacts.add')}
          </Button>
        ) : null
      }
    >
      {query.data && query.data.missing_types.length > 0 ? (
        <Alert color="orange" variant="light">
          {t('wizard:contacts.missing', {
            types: query.data.missing_types.map((type) => t(`wizard:contacts.types.${type}`)).join(', '),
          })}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard:contacts.name')}</Table.Th>
              {TYPES.map((type) => (
                <Table.Th key={type} ta="center">
                  {t(`wizard:contacts.types.${type}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr key={c.uuid}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={4}>
                      <Text size="sm">{`${c.first_name} ${c.last_name}`}</Text>
                      {(['as', 'lr', 'bo'] as const).map((r) =>
                        c[`is_${r}`] ? (
                          <Badge key={r} size="xs" variant="light" color="gray">
                            {t(`wizard:roles.short.${r}`)}
                          </Badge>
                        ) : null,
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {c.email}
                    </Text>
                  </Stack>
                </Table.Td>
                {TYPES.map((type) => (
                  <Table.Td key={type} ta="center">
                    <Checkbox
                      aria-label={t(`wizard:contacts.types.${type}`)}
                      disabled={!canEdit}
                      checked={flags[c.uuid]?.[type] ?? false}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setFlags((prev) => ({
                          ...prev,
                          [c.uuid]: { ...(prev[c.uuid] ?? c), [type]: checked },
                        }));
                      }}
                      style={{ display: 'inline-block' }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit && contacts.length > 0 ? (
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                {
                  params: { uuid, role },
                  body: {
                    notification_contacts: contacts.map((c) => ({
                      uuid: c.uuid,
                      ...(flags[c.uuid] ?? Object.fromEntries(TYPES.map((type) => [type, c[type]]))),
                    })) as z.input<typeof notifySchema>['notification_contacts'],
                  },
                },
                { onSuccess: () => notifySuccess(t('wizard:contacts.saved')) },
              )
            }
          >
            {t('wizard:contacts.save')}
          </Button>
        </Group>
      ) : null}
      <AddContactModal opened={isAdding} onClose={() => setAdding(false)} uuid={uuid} role={role} />
    </BoardingPanel>
  );
}

const contactSchema = bodySchema(apiRoutes.saveContact);
type ContactInput = z.input<typeof contactSchema>;

function AddContactModal({
  opened,
  onClose,
  uuid,
  role,
}: {
  opened: boolean;
  onClose: () => void;
  uuid: string;
  role: string;
}) {
  const { t } = useTranslation();
  const saveContact = useSaveContact();
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      position: '',
      notify_on_technical_issues: false,
      notify_on_financial_issues: false,
      notify_on_compliance_issues: false,
      notify_on_online_banking: false,
    },
  });
  const e = form.formState.errors;
  const fieldError = useFieldError();
  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard:contacts.add')} centered>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          saveContact.mutate(
            { params: { uuid, role }, body },
            {
              onSuccess: () => {
                form.reset();
                onClose();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label={t('wizard:fields.first_name')}
            error={fieldError(e.first_name?.message)}
            {...form.register('first_name')}
          />
          <TextInput
            label={t('wizard:fields.last_name')}
            error={fieldError(e.last_name?.message)}
            {...form.register('last_name')}
          />
          <TextInput
            label={t('wizard:fields.email')}
            error={fieldError(e.email?.message)}
            {...form.register('email')}
          />
          <TextInput
            label={t('wizard:fields.position')}
            error={fieldError(e.position?.message)}
            {...form.register('position')}
          />
          {TYPES.map((type) => (
            <Checkbox key={type} label={t(`wizard:contacts.types.${type}`)} {...form.register(type)} />
          ))}
          <DialogActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={onClose}
            submitLabel={t('common:actions.save')}
            isSubmitting={saveContact.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
