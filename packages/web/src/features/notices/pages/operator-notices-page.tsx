import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { NOTICE_AUDIENCES, PLATFORM_LABELS } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { ConsoleNav } from '../../../shared/ui/console-nav.tsx';
import { usePublishNotice, useStaffNotices } from '../api.ts';
import { CompanyPicker } from '../components/company-picker.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { NoticeSummary } from '../components/notice-summary.tsx';

const ROWS = 20;
const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Operator console: published notices and the form to publish one. */
export function OperatorNoticesPage() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStaffNotices(page, ROWS);
  const [isOpen, setOpen] = useState(false);
  const rows = query.data?.notices ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Page
      title={t('messages:console.noticesTitle')}
      description={t('messages:console.noticesDescription')}
      actions={
        <Group gap="sm">
          <ConsoleNav value="operatorNotices" />
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpen(true)}
            data-testid="publish-notice"
          >
            {t('messages:console.publish')}
          </Button>
        </Group>
      }
    >
      {query.isLoading ? (
        <Skeleton h={200} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('messages:console.emptyNotices')} />
      ) : (
        <ListTable minWidth={760} data-testid="staff-notices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('messages:console.noticeTitle')}</Table.Th>
              <Table.Th>{t('messages:console.audience')}</Table.Th>
              <Table.Th>{t('messages:console.period')}</Table.Th>
              <Table.Th>{t('messages:console.reads')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td maw={360}>
                  <NoticeSummary notice={n} textLines={1} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`messages:console.audiences.${n.audience}`)}</Badge>
                  <Text size="xs" c="dimmed">
                    {n.platform ?? n.merchant_name ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{`${date(n.starts_on)} – ${date(n.ends_on)}`}</Table.Td>
                <Table.Td>{n.reads}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={(p) => setParams({ page: String(p) })} />
      <PublishModal opened={isOpen} onClose={() => setOpen(false)} />
    </Page>
  );
}

function PublishModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishNotice();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<(typeof NOTICE_AUDIENCES)[number]>('all');
  const [platform, setPlatform] = useState<string | null>(null);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [startsOn, setStartsOn] = useState(today());
  const [endsOn, setEndsOn] = useState(plusDays(7));
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = () =>
    publish.mutate(
      {
        body: {
          title,
          text,
          audience,
          platform: audience === 'platform' ? ((platform ?? undefined) as never) : undefined,
          merchant_id: audience === 'company' ? (merchantId ?? undefined) : undefined,
          starts_on: startsOn,
          ends_on: endsOn,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('messages:console.published'));
          setTitle('');
          setText('');
          setFields({});
          onClose();
        },
        onError: (e) => setFields((e as { fields?: Record<string, string> }).fields ?? {}),
      },
    );
  const err = (name: string) => (fields[name] ? t('messages:compose.required') : null);
  return (
    <Modal opened={opened} onClose={onClose} title={t('messages:console.publish')} size="lg">
      <Stack gap="sm" data-testid="publish-form">
        <TextInput
          label={t('messages:console.noticeTitle')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={200}
          withAsterisk
          error={err('title')}
          data-testid="notice-title"
        />
        <Textarea
          label={t('messages:console.noticeText')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={4}
          withAsterisk
          error={err('text')}
          data-testid="notice-text"
        />
        <Select
          label={t('messages:console.audience')}
          data={NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`messages:console.audiences.${a}`) }))}
          value={audience}
          onChange={(v) => setAudience((v as typeof audience) ?? 'all')}
          allowDeselect={false}
          data-testid="notice-audience"
        />
        {audience === 'platform' ? (
          <Select
            label={t('messages:console.platform')}
            data={[...PLATFORM_LABELS]}
            value={platform}
            onChange={setPlatform}
            error={err('platform')}
          />
        ) : null}
        {audience === 'company' ? (
          <CompanyPicker value={merchantId} onChange={setMerchantId} error={err('merchant_id')} />
        ) : null}
        <Group grow>
          <DateField
            label={t('messages:console.startsOn')}
            value={startsOn}
            onChange={setStartsOn}
            error={fields.starts_on ? fields.starts_on : undefined}
          />
          <DateField
            label={t('messages:console.endsOn')}
            value={endsOn}
            onChange={setEndsOn}
            error={fields.ends_on ? t('errors:NOTICE_DATES_INVALID') : undefined}
          />
        </Group>
        <DialogActions
          cancelLabel={t('messages:actions.cancel')}
          onCancel={onClose}
          submitLabel={t('messages:console.publish')}
          onConfirm={submit}
          isSubmitting={publish.isPending}
          submitTestId="notice-submit"
        />
      </Stack>
    </Modal>
  );
}
