import { ActionIcon, Select, SimpleGrid, TextInput } from '@mantine/core';
import { VA_CHECK_RULE_CODES, VA_LEVELS, VA_STATUSES, type VaCheckRuleCode } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRuleLabel } from '../../../shared/i18n/code-labels.ts';
import type { VaListFilters as Filters } from '../hooks/use-va-list-filters.ts';

/** The VA list's filters: status, level, check rule, and a number search applied on submit. */
export function VaListFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation('virtualAccounts');
  const { status, level, rule, iban, setParam } = filters;
  const [ibanInput, setIbanInput] = useState(iban);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="va-filters">
      <Select
        label={t('filters.status')}
        placeholder={t('filters.any')}
        clearable
        data={VA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={status ?? null}
        onChange={(v) => setParam('status', v ?? undefined)}
        data-testid="va-filter-status"
      />
      <Select
        label={t('filters.level')}
        placeholder={t('filters.any')}
        clearable
        data={VA_LEVELS.map((l) => ({ value: String(l), label: String(l) }))}
        value={level ? String(level) : null}
        onChange={(v) => setParam('level', v ?? undefined)}
      />
      <Select
        label={t('filters.checkRule')}
        placeholder={t('filters.any')}
        clearable
        data={VA_CHECK_RULE_CODES.map((c: VaCheckRuleCode) => ({ value: c, label: checkRuleLabel(t, c) }))}
        value={rule ?? null}
        onChange={(v) => setParam('rule', v ?? undefined)}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setParam('iban', ibanInput.trim() || undefined);
        }}
      >
        <TextInput
          label={t('filters.iban')}
          description={t('filters.ibanHint')}
          value={ibanInput}
          onChange={(e) => setIbanInput(e.currentTarget.value)}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label={t('filters.search')}>
              <IconSearch size={16} />
            </ActionIcon>
          }
          data-testid="va-filter-iban"
        />
      </form>
    </SimpleGrid>
  );
}
