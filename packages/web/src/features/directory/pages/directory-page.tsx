import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CURRENCY_CODES,
  DIRECTORY_NETWORKS,
  DIRECTORY_SERVICES,
  type DirectoryFilter,
  ISO_COUNTRY_CODES,
} from '@portal/domain';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useCountryOptions } from '../../../shared/references/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryEntry,
  useChangeDirectoryProfile,
  useDirectoryList,
  useJoinDirectory,
  useLeaveDirectory,
  useOwnDirectoryEntry,
} from '../api.ts';
import { EntryCard } from '../components/entry-card.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { ConfirmActions } from '../../../shared/ui/confirm-actions.tsx';
import { ListLoader } from '../components/list-loader.tsx';

type Dialog = 'join' | 'change' | 'leave';
const DIALOGS: readonly Dialog[] = ['join', 'change', 'leave'];

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** Filters live in the URL so a search can be bookmarked and shared. */
function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  const filter: DirectoryFilter = {
    search: params.get('search') ?? undefined,
    service: oneOf(DIRECTORY_SERVICES, params.get('service')),
    country: oneOf(ISO_COUNTRY_CODES, params.get('country')),
    currency: oneOf(CURRENCY_CODES, params.get('currency')),
    network: oneOf(DIRECTORY_NETWORKS, params.get('network')),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const dialog = oneOf(DIALOGS, params.get('dialog'));
  const update = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        // A new filter starts at page 1; opening a dialog keeps the page.
        if (!('page' in patch) && !('dialog' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filter, page, dialog, update };
}

/** Route `mi_ecosystem` (/cjclique): the crypto-sector directory (spec §1, §2, §6). */
export function DirectoryPage() {
  const { t } = useTranslation();
  const { filter, page, dialog, update } = useDirectoryParams();
  const [search, setSearch] = useState(filter.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const currentSearch = filter.search ?? '';
  // `update` changes identity with the URL: effects call the latest one through a ref and depend
  // on primitive values only, so they cannot loop (STYLE.md, "Effects depend on stable values").
  const updateRef = useRef(update);
  updateRef.current = update;
  useEffect(() => {
    if (debounced !== currentSearch) updateRef.current({ search: debounced || undefined });
  }, [debounced, currentSearch]);

  const list = useDirectoryList(page, filter);
  const own = useOwnDirectoryEntry();
  const ownEntry = own.data?.entry ?? null;
  const canManage = own.data?.can_manage ?? false;

  // Spec §6: only the Master User joins, changes or leaves; others are told so (the server refuses too).
  const open = (d: Dialog) => {
    if (!canManage) {
      notifications.show({ color: 'red', message: t('errors:DIRECTORY_MASTER_ONLY') });
      return;
    }
    update({ dialog: d });
  };
  const close = () => update({ dialog: undefined });
  const dialogAllowed = dialog && own.data && canManage;
  const rightsKnown = own.data !== undefined;
  useEffect(() => {
    // A menu link (?dialog=join) opened by a user who may not act: say so and close it.
    if (dialog && rightsKnown && !canManage) {
      notifications.show({ color: 'red', message: t('errors:DIRECTORY_MASTER_ONLY') });
      updateRef.current({ dialog: undefined });
    }
  }, [dialog, rightsKnown, canManage, t]);

  const countryOptions = useCountryOptions();

  const total = list.data?.quantity ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

  return (
    <Page title={t('ecosystem:page.title')} description={t('ecosystem:page.description')}>
      <OwnEntryPanel
        entry={ownEntry}
        loading={own.isPending}
        onJoin={() => open('join')}
        onChange={() => open('change')}
        onLeave={() => open('leave')}
      />

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label={t('ecosystem:filters.search')}
            placeholder={t('ecosystem:filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            label={t('ecosystem:filters.service')}
            placeholder={t('ecosystem:filters.any')}
            data={DIRECTORY_SERVICES.map((s) => ({ value: s, label: t(`ecosystem:services.${s}`) }))}
            value={filter.service ?? null}
            onChange={(v) => update({ service: v ?? undefined })}
            clearable
          />
          <Select
            label={t('ecosystem:filters.country')}
            placeholder={t('ecosystem:filters.any')}
            data={countryOptions}
            value={filter.country ?? null}
            onChange={(v) => update({ country: v ?? undefined })}
            searchable
            clearable
          />
          <Select
            label={t('ecosystem:filters.currency')}
            placeholder={t('ecosystem:filters.any')}
            data={[...CURRENCY_CODES]}
            value={filter.currency ?? null}
            onChange={(v) => update({ currency: v ?? undefined })}
            searchable
            clearable
          />
          <Select
            label={t('ecosystem:filters.network')}
            placeholder={t('ecosystem:filters.any')}
            data={DIRECTORY_NETWORKS.map((n) => ({ value: n, label: t(`ecosystem:networks.${n}`) }))}
            value={filter.network ?? null}
            onChange={(v) => update({ network: v ?? undefined })}
            clearable
          />
        </SimpleGrid>
      </Paper>

      {list.isPending ? (
        <ListLoader />
      ) : total === 0 ? (
        <EmptyState
          title={t('ecosystem:list.emptyTitle')}
          description={t('ecosystem:list.emptyDescription')}
          icon={<IconBuildingStore size={26} stroke={1.5} />}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="directory-total">
            {t('ecosystem:list.total', { count: total })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {(list.data?.entries ?? []).map((e) => (
              <EntryCard key={e.merchant_id} entry={e} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={(p) => update({ page: String(p) })} />
            </Group>
          ) : null}
        </Stack>
      )}

      <ProfileDialog
        opened={Boolean(dialogAllowed) && (dialog === 'join' || dialog === 'change')}
        mode={ownEntry ? 'change' : 'join'}
        entry={ownEntry}
        onClose={close}
      />
      <LeaveDialog opened={Boolean(dialogAllowed) && dialog === 'leave'} entry={ownEntry} onClose={close} />
    </Page>
  );
}

function OwnEntryPanel(props: {
  entry: DirectoryEntry | null;
  loading: boolean;
  onJoin: () => void;
  onChange: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { entry } = props;
  return (
    <Paper withBorder radius="md" p="md" data-testid="directory-own">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{t('ecosystem:own.title')}</Text>
          {props.loading ? null : entry ? (
            <Group gap="xs">
              <Text size="sm">{entry.display_name}</Text>
              <Badge color={entry.status === 'published' ? 'teal' : 'orange'} variant="light">
                {t(`ecosystem:status.${entry.status}`)}
              </Badge>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ecosystem:own.notJoined')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {entry ? (
            <>
              <Button variant="light" onClick={props.onChange}>
                {t('ecosystem:actions.change')}
              </Button>
              <Button variant="subtle" color="red" onClick={props.onLeave}>
                {t('ecosystem:actions.leave')}
              </Button>
            </>
          ) : (
            <Button onClick={props.onJoin} disabled={props.loading}>
              {t('ecosystem:actions.join')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function ProfileDialog(props: {
  opened: boolean;
  mode: 'join' | 'change';
  entry: DirectoryEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const join = useJoinDirectory();
  const change = useChangeDirectoryProfile();
  const mutation = props.mode === 'join' ? join : change;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.mode === 'join' ? 'ecosystem:dialogs.joinTitle' : 'ecosystem:dialogs.changeTitle')}
      size="lg"
    >
      <Stack gap="sm">
        <Alert variant="light" color="blue">
          {t('ecosystem:dialogs.publicNote')}
        </Alert>
        {props.opened ? (
          <ProfileForm
            entry={props.entry}
            submitLabel={t(props.mode === 'join' ? 'ecosystem:actions.join' : 'ecosystem:actions.save')}
            isPending={mutation.isPending}
            onCancel={props.onClose}
            onSubmit={(body) =>
              mutation.mutate(
                { body },
                {
                  onSuccess: () => {
                    notifySuccess(
                      t(props.mode === 'join' ? 'ecosystem:done.joined' : 'ecosystem:done.changed'),
                    );
                    props.onClose();
                  },
                },
              )
            }
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

function LeaveDialog(props: { opened: boolean; entry: DirectoryEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const leave = useLeaveDirectory();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('ecosystem:dialogs.leaveTitle')}>
      <Stack gap="md">
        <Text size="sm">
          {props.entry
            ? t('ecosystem:dialogs.leaveText', { name: props.entry.display_name })
            : t('ecosystem:own.notJoined')}
        </Text>
        <ConfirmActions
          cancelLabel={t('ecosystem:actions.cancel')}
          onCancel={props.onClose}
          confirmLabel={t('ecosystem:actions.leave')}
          color="red"
          disabled={!props.entry}
          isPending={leave.isPending}
          onConfirm={() =>
            leave.mutate(
              { body: {} },
              {
                onSuccess: () => {
                  notifySuccess(t('ecosystem:done.left'));
                  props.onClose();
                },
              },
            )
          }
        />
      </Stack>
    </Modal>
  );
}
