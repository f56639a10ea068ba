import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { usePassportCheck } from '../api.ts';

interface Passport {
  first_name: string;
  last_name: string;
  birth_date: string;
  email: string;
  document_number: string;
}

/** The second step: the person's passport data, checked against the record. */
export function PassportCheckForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const passport = usePassportCheck(token);
  const form = useForm<Passport>({
    defaultValues: { first_name: '', last_name: '', birth_date: '', email: '', document_number: '' },
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <form noValidate onSubmit={form.handleSubmit((body) => passport.mutate({ body }))}>
        <Stack gap="sm">
          <Text fw={600}>{t('wizard:verification.passportTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('wizard:verification.passportText')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('wizard:person.first_name')}
              {...form.register('first_name', { required: true })}
            />
            <TextInput
              label={t('wizard:person.last_name')}
              {...form.register('last_name', { required: true })}
            />
            <Controller
              control={form.control}
              name="birth_date"
              rules={{ required: true }}
              render={({ field }) => (
                <DateField
                  label={t('wizard:person.birth_date')}
                  name="birth_date"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <TextInput
              label={t('wizard:person.email')}
              type="email"
              {...form.register('email', { required: true })}
            />
            <TextInput
              label={t('wizard:person.document.number')}
              {...form.register('document_number', { required: true })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={passport.isPending} data-testid="passport-submit">
              {t('wizard:verification.passportSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
