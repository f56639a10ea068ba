import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MASS_ACTION_MAX } from '@portal/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMassAction } from '../api.ts';

/** Floating bar for the selected payments: mass approve / cancel (spec §5 limit, §8 message). */
export function MassActionsBar({
  selected,
  onDone,
  canApprove,
  canCancel,
}: {
  selected: string[];
  onDone: () => void;
  canApprove: boolean;
  canCancel: boolean;
}) {
  const { t } = useTranslation();
  const mass = useMassAction();
  const run = (action: 'approve' | 'cancel') =>
    modals.openConfirmModal({
      title: t(`payments:mass.${action}Title`, { count: selected.length }),
      children: t('payments:mass.confirmText', { count: selected.length }),
      labels: { confirm: t(`payments:actions.${action}`), cancel: t('common:actions.cancel') },
      confirmProps: { color: action === 'cancel' ? 'red' : undefined },
      onConfirm: () =>
        mass.mutate(
          { body: { action, ids: selected } },
          {
            onSuccess: (answer) => {
              if (answer.failed.length > 0) {
                notifications.show({
                  color: 'red',
                  autoClose: false,
                  title: t('payments:mass.partialTitle', {
                    done: answer.done.length,
                    failed: answer.failed.length,
                  }),
                  message: t('payments:mass.errors', {
                    error: answer.failed.map((f) => `${f.id.slice(0, 8)}: ${f.message}`).join('; '),
                  }),
                });
              } else {
                notifications.show({
                  color: 'teal',
                  message: t(`payments:mass.${action}Done`, { count: answer.done.length }),
                });
              }
              onDone();
            },
          },
        ),
    });
  return (
    <Affix position={{ bottom: 24, left: '50%' }} style={{ transform: 'translateX(-50%)' }}>
      <Transition transition="slide-up" mounted={selected.length > 0}>
        {(styles) => (
          <Paper shadow="lg" withBorder radius="md" px="md" py="sm" style={styles} data-testid="mass-actions">
            <Group gap="md">
              <Text size="sm" fw={600}>
                {t('payments:mass.selected', { count: selected.length, max: MASS_ACTION_MAX })}
              </Text>
              <Button
                size="xs"
                leftSection={<IconCheck size={14} />}
                disabled={!canApprove}
                loading={mass.isPending && mass.variables?.body?.action === 'approve'}
                onClick={() => run('approve')}
              >
                {t('payments:actions.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconX size={14} />}
                disabled={!canCancel}
                loading={mass.isPending && mass.variables?.body?.action === 'cancel'}
                onClick={() => run('cancel')}
              >
                {t('payments:actions.cancel')}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
                {t('payments:mass.clear')}
              </Button>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
