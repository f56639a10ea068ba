import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useRenameWallet } from '../api.ts';
import { bodySchema } from '../lib/schema.ts';

const renameSchema = bodySchema(apiRoutes.walletChangeUiName);
type RenameValues = z.output<typeof renameSchema>;

/** Account name as the company sees it (POST /wallets/change_ui_name/:id). */
export function RenameDialog({
  opened,
  onClose,
  walletId,
  walletUuid,
  currentName,
}: {
  opened: boolean;
  onClose: () => void;
  walletId: number;
  walletUuid: string;
  currentName: string;
}) {
  const { t } = useTranslation('wallets');
  const rename = useRenameWallet(walletUuid);
  const form = useForm<z.input<typeof renameSchema>, unknown, RenameValues>({
    resolver: zodResolver(renameSchema),
    values: { ui_name: currentName },
  });
  const submit = form.handleSubmit((body) =>
    rename.mutate(
      { params: { id: walletId }, body },
      {
        onSuccess: () => {
          notifySuccess(t('rename.done', { name: body.ui_name }));
          onClose();
        },
      },
    ),
  );
  const error = form.formState.errors.ui_name;
  return (
    <Modal opened={opened} onClose={onClose} title={t('rename.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="rename-form">
        <Stack gap="md">
          <TextInput
            label={t('rename.label')}
            description={t('rename.hint')}
            maxLength={80}
            data-autofocus
            error={error ? t(error.type === 'too_big' ? 'rename.tooLong' : 'rename.required') : undefined}
            {...form.register('ui_name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
