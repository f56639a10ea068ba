import { Badge, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { BoardingRole } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { boardingHref } from '../../../shared/routes/route-names.ts';
import { setSessionToken } from '../../../shared/session/index.ts';
import { useSetRole } from '../api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

export interface RoleSwitchDialogProps {
  opened: boolean;
  uuid: string;
  current: BoardingRole;
  available: readonly BoardingRole[];
  onClose: () => void;
}

/** 'Additional roles are available' (spec §2): current and available roles, Switch role / Don't switch. */
export function RoleSwitchDialog({ opened, uuid, current, available, onClose }: RoleSwitchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const others = available.filter((role) => role !== current);
  const [choice, setChoice] = useState<string>(others[0] ?? '');
  const setRole = useSetRole();
  const onSwitch = () => {
    const role = others.find((r) => r === choice);
    if (!role) return;
    setRole.mutate(
      { params: { uuid, role: current }, body: { role } },
      {
        onSuccess: (answer) => {
          setSessionToken(answer.token, { justLoggedIn: true });
          onClose();
          navigate(boardingHref('main', { uuid, role: answer.role }), { replace: true });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard:roleSwitch.title')} centered>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">{t('wizard:roleSwitch.current')}</Text>
          <Badge variant="light">{t(`wizard:roles.long.${current}`)}</Badge>
        </Group>
        <Radio.Group label={t('wizard:roleSwitch.available')} value={choice} onChange={setChoice}>
          <Stack gap={6} mt={6}>
            {others.map((role) => (
              <Radio key={role} value={role} label={t(`wizard:roles.long.${role}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <DialogActions
          cancelLabel={t('wizard:roleSwitch.dontSwitch')}
          onCancel={onClose}
          submitLabel={t('wizard:roleSwitch.switch')}
          onConfirm={onSwitch}
          isSubmitting={setRole.isPending}
          isSubmitDisabled={!choice}
        />
      </Stack>
    </Modal>
  );
}
