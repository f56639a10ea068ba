import { Text } from '@mantine/core';
import type { FileView } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';
import { useCommentFile } from '../api.ts';

/** The comments of one app file and a box to add one; open while `file` is set. */
export function AppFileCommentModal({ file, onClose }: { file: FileView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const addComment = useCommentFile();
  return (
    <CommentModal
      opened={file !== null}
      onClose={onClose}
      title={t('files:actions.submitComments')}
      gap="sm"
      before={file?.comments.map((c) => (
        <Text key={`${c.created}-${c.author}`} size="sm">
          {`${c.author}: ${c.text}`}
        </Text>
      ))}
      label={t('files:comment')}
      value={comment}
      onChange={setComment}
      actionLabel={t('files:send')}
      onAction={() =>
        file &&
        addComment.mutate(
          { params: { id: file.id }, body: { text: comment } },
          {
            onSuccess: () => {
              setComment('');
              onClose();
            },
          },
        )
      }
      isPending={addComment.isPending}
      actionProps={{ disabled: !comment.trim() }}
    />
  );
}
