import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MASS_ACTION_MAX } from '@portal/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useMassAction } from '../api.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { notifyMassResult } from './mass-result.ts';

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
  // Approving is strong customer authentication: its own dialog lists the set and asks for the code.
  const [approving, setApproving] = useState<string[] | null>(null);
  const cancelSelected = () =>
    modals.openConfirmModal({
      title: t('payments:mass.cancelTitle', { count: selected.length }),
      children: t('payments:mass.confirmText', { count: selected.length }),
      labels: { confirm: t('payments:actions.cancel'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mass.mutate(
          { body: { action: 'cancel', ids: selected } },
          {
            onSuccess: (answer) => {
              notifyMassResult(t, 'cancel', answer);
              onDone();
            },
          },
        ),
    });
  return (
    <>
      <ApproveDialog ids={approving} onClose={() => setApproving(null)} onApproved={onDone} />
      <Affix position={{ bottom: 24, left: '50%' }} style={{ transform: 'translateX(-50%)' }}>
        <Transition transition="slide-up" mounted={selected.length > 0}>
          {(styles) => (
            <Paper
              shadow="lg"
              withBorder
              radius="md"
              px="md"
              py="sm"
              style={styles}
              data-testid="mass-actions"
            >
              <Group gap="md">
                <Text size="sm" fw={600}>
                  {t('payments:mass.selected', { count: selected.length, max: MASS_ACTION_MAX })}
                </Text>
                <Button
                  size="xs"
                  leftSection={<IconCheck size={14} />}
                  disabled={!canApprove}
                  onClick={() => setApproving(selected)}
                  data-testid="mass-approve"
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
                  onClick={cancelSelected}
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
    </>
  );
}
