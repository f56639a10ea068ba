import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_GROUPS, apiRoutes } from '@portal/domain';
import { IconLink, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { type GroupLink, useAddUserGroup, useLinkCandidates } from '../api.ts';

/** The route table's request schema (typed optional on the generic route definition). */
function bodySchemaOf<S>(schema: S | undefined): S {
  if (!schema) throw new Error('add_user_groups has no body schema');
  return schema;
}
const schema = bodySchemaOf(apiRoutes.addUserGroup.body);
type FormIn = z.input<typeof schema>;
type FormOut = z.output<typeof schema>;

interface Candidate {
  id: string;
  name: string;
  email: string;
  activeGroups: Set<string>;
}

/** Staff known from group links (any status), one entry per user with the groups active for them. */
function candidatesOf(links: readonly GroupLink[]): Candidate[] {
  const byUser = new Map<string, Candidate>();
  for (const link of links) {
    const entry = byUser.get(link.user_id) ?? {
      id: link.user_id,
      name: link.user_name,
      email: link.email,
      activeGroups: new Set<string>(),
    };
    if (link.status === 'active') entry.activeGroups.add(link.group_id);
    byUser.set(link.user_id, entry);
  }
  return [...byUser.values()];
}

/** Link an account manager (or other staff member) to an admin group (spec §7 add_user_groups). */
export function AddGroupLinkForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const candidates = useLinkCandidates(debounced, true);
  const add = useAddUserGroup();
  const [known, setKnown] = useState<Map<string, Candidate>>(new Map());
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: { user_id: '', group_id: 'CSM' },
  });
  // Nobody changes their own groups (the server refuses it too).
  const listed = candidatesOf(candidates.data?.groups ?? []).filter((c) => c.id !== session.userId);
  // Keep the chosen person when a later search no longer lists them.
  const chosen = known.get(form.watch('user_id'));
  const options = [...listed, ...(chosen && !listed.some((c) => c.id === chosen.id) ? [chosen] : [])];

  const onSubmit = form.handleSubmit((body) =>
    add.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(
            t('users:done.link', {
              name: answer.group.user_name,
              group: t(`users:groups.${answer.group.group_id}`),
            }),
          );
          onDone();
        },
      },
    ),
  );

  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="user_id"
          render={({ field }) => (
            <Select
              label={t('users:managers.add.person')}
              description={t('users:managers.add.personHint')}
              placeholder={t('users:managers.search')}
              leftSection={<IconSearch size={16} />}
              data={options.map((c) => ({ value: c.id, label: `${c.name} · ${c.email}` }))}
              value={field.value || null}
              onChange={(value) => {
                const picked = options.find((c) => c.id === value);
                if (picked) setKnown((previous) => new Map(previous).set(picked.id, picked));
                field.onChange(value ?? '');
                const group = form.getValues('group_id');
                if (picked?.activeGroups.has(group)) {
                  const free = ADMIN_GROUPS.find((g) => !picked.activeGroups.has(g));
                  if (free) form.setValue('group_id', free);
                }
              }}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={
                candidates.isFetching ? t('users:managers.add.searching') : t('users:managers.add.nobody')
              }
              error={errors.user_id ? t('users:invite.validation.required') : undefined}
              searchable
              withAsterisk
              data-testid="link-person"
            />
          )}
        />
        <Controller
          control={form.control}
          name="group_id"
          render={({ field }) => (
            <Select
              label={t('users:managers.group')}
              data={ADMIN_GROUPS.map((value) => ({
                value,
                label: t(`users:groups.${value}`),
                disabled: chosen?.activeGroups.has(value) ?? false,
              }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              withAsterisk
              data-testid="link-group"
            />
          )}
        />
        {chosen && chosen.activeGroups.size > 0 ? (
          <Text size="xs" c="dimmed">
            {t('users:managers.add.already', {
              groups: [...chosen.activeGroups].map((g) => t(`users:groups.${g}`)).join(', '),
            })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconLink size={16} />} loading={add.isPending}>
            {t('users:managers.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
