import {
  ActionIcon,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { VA_COMPLIANCE_CHECK_TYPES } from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFieldArrayReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel } from '../../../shared/i18n/code-labels.ts';
import { useVaGroups } from '../api.ts';
import type { VaFormKit, VaRequestFormValues } from './va-request-form-state.tsx';

/** A camelCase example name (spec §5), not text to translate. */
const PARAM_EXAMPLE = 'localFirstName';

/** The rest of a request: relevant information, custom parameters, IBAN group, compliance check, new IBAN. */
export function VaRequestOptionsSection({
  kit: { form, err },
  params,
}: {
  kit: VaFormKit;
  params: UseFieldArrayReturn<VaRequestFormValues, 'custom_parameters'>;
}) {
  const { t } = useTranslation('virtualAccounts');
  const groups = useVaGroups();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {t('form.more')}
      </Title>
      <Textarea
        label={t('form.relevantInformation')}
        error={err('relevant_information')}
        autosize
        minRows={2}
        data-testid="va-field-relevant_information"
        {...form.register('relevant_information')}
      />
      <Group justify="space-between" mt="md" mb="xs">
        <Text size="sm" fw={500}>
          {t('form.customParameters')}
        </Text>
        <ActionIcon
          variant="light"
          aria-label={t('form.addParameter')}
          onClick={() => params.append({ name: '', value: '' })}
          data-testid="va-add-param"
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        {params.fields.map((p, i) => (
          <Group key={p.id} align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              placeholder={PARAM_EXAMPLE}
              aria-label={t('form.parameterName')}
              error={err(`custom_parameters.${i}.name`)}
              data-testid={`va-param-name-${i}`}
              {...form.register(`custom_parameters.${i}.name`)}
            />
            <TextInput
              flex={1}
              aria-label={t('form.parameterValue')}
              error={err(`custom_parameters.${i}.value`)}
              data-testid={`va-param-value-${i}`}
              {...form.register(`custom_parameters.${i}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              aria-label={t('form.removeParameter')}
              onClick={() => params.remove(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
        <Controller
          control={form.control}
          name="ibans_group_id"
          render={({ field: g }) => (
            <Select
              label={t('form.group')}
              placeholder={t('form.anyGroup')}
              clearable
              data={(groups.data?.iban_groups ?? []).map((x) => ({
                value: String(x.id),
                label: `${x.name} · ${checkRuleLabel(t, x.check_rule_code)}`,
              }))}
              value={g.value ? String(g.value) : null}
              onChange={(v) => g.onChange(v ? Number(v) : undefined)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="compliance_check_type"
          render={({ field: c }) => (
            <Select
              label={t('form.complianceCheck')}
              data={VA_COMPLIANCE_CHECK_TYPES.map((x) => ({ value: x, label: t(`compliance.${x}`) }))}
              value={c.value ?? 'standard'}
              onChange={(v) => c.onChange(v ?? 'standard')}
              allowDeselect={false}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="force_new_iban"
        render={({ field: f }) => (
          <Switch
            mt="md"
            label={t('form.forceNewIban')}
            description={t('form.forceNewIbanHint')}
            checked={f.value ?? false}
            onChange={(e) => f.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </Paper>
  );
}
