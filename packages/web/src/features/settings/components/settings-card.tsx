import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';

/** A settings block's heading: its title and, under it, what the block is for. */
export function SettingsCardTitle({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One block of a settings screen: a bordered card with its heading over its fields. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard header={<SettingsCardTitle title={title} description={description} />}>
      {children}
    </SectionCard>
  );
}

/** The foot of a settings form: what the server refused, if anything, then the Save button. */
export function SaveRow({
  error,
  errorTestId,
  onSave,
  isSaving,
  disabled,
  testId,
}: {
  error: string | null;
  errorTestId?: string;
  onSave: () => void;
  isSaving: boolean;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <Alert color="red" data-testid={errorTestId}>
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onSave} loading={isSaving} disabled={disabled} data-testid={testId}>
          {t('common:actions.save')}
        </Button>
      </Group>
    </>
  );
}

/** Asks before a settings change that cannot be taken back lightly: Cancel, or the named action. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  color,
  isPending,
  onConfirm,
  confirmTestId,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  color: string;
  isPending: boolean;
  onConfirm: () => void;
  confirmTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{text}</Text>
        <DialogActions
          cancelLabel={t('common:actions.cancel')}
          onCancel={onClose}
          submitLabel={confirmLabel}
          onConfirm={onConfirm}
          isSubmitting={isPending}
          color={color}
          submitTestId={confirmTestId}
        />
      </Stack>
    </Modal>
  );
}
