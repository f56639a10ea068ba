import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';
import { FormStatusBadges } from '../../boarding/index.ts';
import { type OperatorRecord, useInternalCheck } from '../api.ts';
import { RecordCard } from './record-card.tsx';

/** The internal check of the submitted forms: approve, or decline with a comment. */
export function InternalCheckCard({ uuid, record }: { uuid: string; record: OperatorRecord['record'] }) {
  const { t } = useTranslation();
  const check = useInternalCheck();
  const [isDeclining, setDeclining] = useState(false);
  const [comment, setComment] = useState('');
  return (
    <RecordCard title={t('operator:record.internalCheck')}>
      <FormStatusBadges formStatus={record.app_form_status} reviewStatus={record.review_status} />
      {record.app_form_status === 'submitted' && record.review_status !== 'Approved' ? (
        <Group>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            loading={check.isPending}
            data-testid="internal-approve"
            onClick={() => check.mutate({ params: { uuid }, body: { decision: 'approve' } })}
          >
            {t('operator:record.approveForms')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setDeclining(true)}
          >
            {t('operator:record.declineForms')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('operator:record.checkHint')}
        </Text>
      )}
      <CommentModal
        opened={isDeclining}
        onClose={() => setDeclining(false)}
        title={t('operator:record.declineForms')}
        label={t('operator:files.commentLabel')}
        value={comment}
        onChange={setComment}
        actionLabel={t('operator:record.declineForms')}
        onAction={() =>
          check.mutate(
            { params: { uuid }, body: { decision: 'decline', comment } },
            { onSuccess: () => setDeclining(false) },
          )
        }
        isPending={check.isPending}
        actionProps={{ color: 'red' }}
      />
    </RecordCard>
  );
}
