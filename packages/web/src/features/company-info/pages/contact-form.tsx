import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CONTACT_ISSUE_TYPES,
  CONTACT_PHONE_PATTERN,
  type CompanyContact,
  type ContactIssueType,
} from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactFormValues {
  uuid?: string;
  email: string;
  first_name: string;
  last_name: string;
  position: string;
  phone: string;
  issue_types: ContactIssueType[];
}

/** Add or change a contact (Master User). The server checks the same rules and the ones it alone knows. */
export function ContactForm({
  contact,
  opened,
  saving,
  onClose,
  onSubmit,
}: {
  contact: CompanyContact | null;
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: ContactFormValues) => void;
}) {
  const { t } = useTranslation('companyInfo');
  const [values, setValues] = useState<ContactFormValues>(() => ({
    ...(contact ? { uuid: contact.uuid } : {}),
    email: contact?.email ?? '',
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    position: contact?.position ?? '',
    phone: contact?.phone ?? '',
    issue_types: contact?.issue_types ?? [],
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFormValues, string>>>({});
  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    const next: typeof errors = {};
    if (!EMAIL.test(values.email.trim())) next.email = t('contacts.validation.email');
    if (!values.first_name.trim()) next.first_name = t('contacts.validation.required');
    if (!values.last_name.trim()) next.last_name = t('contacts.validation.required');
    if (values.phone.trim() && !CONTACT_PHONE_PATTERN.test(values.phone.trim()))
      next.phone = t('contacts.validation.phone');
    setErrors(next);
    if (Object.keys(next).length === 0)
      onSubmit({ ...values, email: values.email.trim(), phone: values.phone.trim() });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(contact ? 'contacts.editTitle' : 'contacts.addTitle')}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
        data-testid="contact-form"
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('contacts.fields.firstName')}
              value={values.first_name}
              onChange={(e) => set('first_name', e.currentTarget.value)}
              error={errors.first_name}
              required
            />
            <TextInput
              label={t('contacts.fields.lastName')}
              value={values.last_name}
              onChange={(e) => set('last_name', e.currentTarget.value)}
              error={errors.last_name}
              required
            />
            <TextInput
              label={t('contacts.fields.email')}
              type="email"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
              required
            />
            <TextInput
              label={t('contacts.fields.phone')}
              placeholder={t('contacts.fields.phonePlaceholder')}
              value={values.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              error={errors.phone}
            />
            <TextInput
              label={t('contacts.fields.position')}
              value={values.position}
              onChange={(e) => set('position', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('contacts.fields.issueTypes')}
            description={t('contacts.fields.issueTypesHint')}
            value={values.issue_types}
            onChange={(v) => set('issue_types', v as ContactIssueType[])}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {CONTACT_ISSUE_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`issueTypes.${type}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('contacts.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="contact-save">
              {t('contacts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
