import {
  Badge,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { apiRoutes, type RouteResponse, TEMPLATE_OWNERSHIPS, type TemplateOwnership } from '@portal/domain';
import { IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import classes from './payments.module.css';

export type PaymentTemplate = RouteResponse<typeof apiRoutes.selectTemplates>['templates'][number];

/** Picks a payment template with the ownership filters of spec §3 (own, ownShared, ownNotShared, others). */
export function TemplatePickerModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (template: PaymentTemplate) => void;
}) {
  const { t } = useTranslation();
  const [ownership, setOwnership] = useState<TemplateOwnership | 'all'>('all');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const templates = useApiQuery(
    apiRoutes.selectTemplates,
    {
      params: { page: 1, rows: 100 },
      body: {
        ownership: ownership === 'all' ? undefined : ownership,
        filter_param: query ? 'name' : undefined,
        filter_value: query || undefined,
        sort_param: 'name',
        sort_order: 'asc',
      },
    },
    { enabled: opened },
  );
  const list = templates.data?.templates ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments:templates.pickTitle')}
      size="lg"
      centered
      data-testid="template-picker"
    >
      <Stack>
        <SegmentedControl
          fullWidth
          value={ownership}
          onChange={(v) => setOwnership(v as TemplateOwnership | 'all')}
          data={[
            { value: 'all', label: t('payments:templates.ownership.all') },
            ...TEMPLATE_OWNERSHIPS.map((o) => ({ value: o, label: t(`payments:templates.ownership.${o}`) })),
          ]}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('payments:templates.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={420}>
          {templates.isLoading ? (
            <Stack gap="xs">
              <Skeleton h={56} />
              <Skeleton h={56} />
              <Skeleton h={56} />
            </Stack>
          ) : list.length === 0 ? (
            <EmptyState
              icon={<IconTemplate size={26} stroke={1.5} />}
              title={t('payments:templates.emptyTitle')}
              description={t('payments:templates.emptyText')}
            />
          ) : (
            <Stack gap={6}>
              {list.map((tpl) => (
                <UnstyledButton
                  key={tpl.id}
                  className={classes.pickRow}
                  onClick={() => onPick(tpl)}
                  data-template={tpl.name}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {tpl.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {tpl.payee} · {tpl.method_label} · {tpl.currency}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      {tpl.ownership === 'others' ? (
                        <Badge variant="light" color="gray">
                          {t('payments:templates.by', { owner: tpl.owner.name })}
                        </Badge>
                      ) : null}
                      {tpl.merchant_shared ? (
                        <Badge variant="light">{t('payments:templates.shared')}</Badge>
                      ) : null}
                    </Group>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
