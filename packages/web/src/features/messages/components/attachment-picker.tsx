import { FileInput } from '@mantine/core';
import { MESSAGE_ATTACHMENT_LIMITS } from '@portal/domain';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const { maxFileBytes, maxFileMb, maxFiles, extensions } = MESSAGE_ATTACHMENT_LIMITS;
const ACCEPT = extensions.map((e) => `.${e}`).join(',');

/**
 * Attachments with the limits shown and checked before sending (the server checks again, by
 * content): PDF or CSV, at most 10 MB each and 5 files.
 */
export function AttachmentPicker({ value, onChange }: { value: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const pick = (files: File[]) => {
    const tooLarge = files.find((f) => f.size > maxFileBytes);
    const badType = files.find(
      (f) => !(extensions as readonly string[]).includes(f.name.split('.').pop()?.toLowerCase() ?? ''),
    );
    if (files.length > maxFiles) setError(t('messages:compose.tooMany', { max: maxFiles }));
    else if (tooLarge) setError(t('messages:compose.tooLarge', { name: tooLarge.name, maxMb: maxFileMb }));
    else if (badType) setError(t('messages:compose.badType', { name: badType.name }));
    else {
      setError(null);
      onChange(files);
      return;
    }
    onChange([]);
  };
  return (
    <FileInput
      multiple
      clearable
      accept={ACCEPT}
      label={t('messages:compose.attachments')}
      placeholder={t('messages:compose.pickFiles')}
      leftSection={<IconPaperclip size={16} />}
      description={t('messages:compose.attachmentsHint', { maxMb: maxFileMb, max: maxFiles })}
      value={value}
      onChange={pick}
      error={error}
      data-testid="attachments"
    />
  );
}
