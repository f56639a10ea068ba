import { Button, Group, List, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { apiRoutes } from '@portal/domain';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';
import { BoardingPanel } from './panel.tsx';

const STEPS = [
  'forms',
  'files',
  'submit',
  'verification',
  'sign',
  'offer',
  'invoice',
  'contract',
  'contacts',
] as const;

/** Boarding process description with Download NDA and Got it (spec §2); Got it hides it for this record. */
export function ProcessDescription({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const [isDismissed, setDismissed] = useLocalStorage({ key: `boarding_intro_${uuid}`, defaultValue: false });
  const nda = useMutation({
    mutationFn: () => downloadAndSave(apiRoutes.ndaPdf, { fallbackName: 'NDA.pdf' }),
    onError: (error) => notifyError(error, t),
  });
  if (isDismissed) return null;
  return (
    <BoardingPanel title={t('wizard:process.title')} testId="process-description">
      <Text size="sm">{t('wizard:process.intro')}</Text>
      <List type="ordered" size="sm" spacing={4}>
        {STEPS.map((step) => (
          <List.Item key={step}>{t(`wizard:process.steps.${step}`)}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {t('wizard:process.english')}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={nda.isPending}
          onClick={() => nda.mutate()}
        >
          {t('wizard:process.downloadNda')}
        </Button>
        <Button onClick={() => setDismissed(true)}>{t('wizard:process.gotIt')}</Button>
      </Group>
    </BoardingPanel>
  );
}
