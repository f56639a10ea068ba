import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { type NoticeItem, useMarkNoticesRead } from '../api.ts';

/** One notice, as text (never HTML); opening an unread one marks it read. */
export function NoticeModal({ notice, onClose }: { notice: NoticeItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const markRead = useMarkNoticesRead();
  const mark = useRef(markRead.mutate);
  mark.current = markRead.mutate;
  const unreadId = notice && notice.read_status === 0 ? notice.id : null;
  useEffect(() => {
    if (unreadId) mark.current({ body: { notices: [unreadId] } });
  }, [unreadId]);
  return (
    <Modal opened={!!notice} onClose={onClose} title={notice?.title} size="lg" zIndex={6000}>
      {notice ? (
        <Stack gap="sm" data-testid="notice">
          <Text size="xs" c="dimmed">
            {t('messages:notices.validFrom', { from: date(notice.starts_on), to: date(notice.ends_on) })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notice.text}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('messages:notices.close')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
