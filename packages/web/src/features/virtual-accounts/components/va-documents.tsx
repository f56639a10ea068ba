import { ActionIcon, Alert, Badge, Button, FileInput, Group, Select, Stack, Text } from '@mantine/core';
import {
  VA_DOCUMENT_LIMITS,
  VA_DOCUMENT_TYPES,
  type VaDocumentType,
  type VaDocumentView,
} from '@portal/domain';
import { IconDownload, IconFileText, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.ts';
import { downloadVaDocument, useUploadVaDocument } from '../api.ts';

const { maxFileBytes, maxFileMb, extensions, maxAdditional } = VA_DOCUMENT_LIMITS;
const ACCEPT = extensions.map((e) => `.${e}`).join(',');
const MAX_FILES = 1 + maxAdditional;

/** An upload the form will name in the request: the first is the main document. */
export type AttachedDocument = VaDocumentView & { type: VaDocumentType };

const kb = (size: number) => Math.max(1, Math.round(size / 1024));

/**
 * The request form's documents (spec §3 document, additionalDocuments): pick a kind and a PDF or
 * CSV; the file is uploaded at once and checked by content, so a refusal shows here before the
 * request is confirmed. Removing a file only drops it from the request (unattached uploads are
 * swept by the server).
 */
export function VaDocumentsPicker({
  value,
  onChange,
  defaultType,
}: {
  value: AttachedDocument[];
  onChange: (docs: AttachedDocument[]) => void;
  defaultType: VaDocumentType;
}) {
  const { t } = useTranslation('virtualAccounts');
  const upload = useUploadVaDocument();
  const [type, setType] = useState<VaDocumentType>(defaultType);
  const [error, setError] = useState<string | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(extensions as readonly string[]).includes(ext)) {
      setError(t('errors:FILE_EXTENSION_INVALID'));
      return;
    }
    if (file.size > maxFileBytes) {
      setError(t('errors:FILE_TOO_LARGE', { maxMb: maxFileMb }));
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: (doc) => onChange([...value, { ...doc, type }]),
      onError: (e) => setError(errorMessage(e, t)),
    });
  };

  return (
    <Stack gap="sm" data-testid="va-documents">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          w={{ base: '100%', sm: 320 }}
          label={t('documents.type')}
          data={VA_DOCUMENT_TYPES.map((x) => ({ value: x, label: t(`documents.types.${x}`) }))}
          value={type}
          onChange={(v) => v && setType(v as VaDocumentType)}
          allowDeselect={false}
          data-testid="va-doc-type"
        />
        <FileInput
          flex={1}
          miw={220}
          accept={ACCEPT}
          label={t('documents.file')}
          placeholder={t('documents.pick')}
          description={t('documents.hint', { maxMb: maxFileMb })}
          leftSection={<IconPaperclip size={16} />}
          value={null}
          onChange={pick}
          disabled={upload.isPending || value.length >= MAX_FILES}
          data-testid="va-doc-file"
        />
      </Group>
      {upload.isPending ? (
        <Text size="sm" c="dimmed" data-testid="va-doc-uploading">
          {t('documents.uploading')}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="va-doc-error">
          {error}
        </Alert>
      ) : null}
      {value.length > 0 ? (
        <Stack gap={6}>
          {value.map((doc, i) => (
            <Group key={doc.id} gap="sm" wrap="nowrap" data-testid="va-doc-row">
              <IconFileText size={18} />
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {doc.file_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {`${t(`documents.types.${doc.type}`)} · ${t('documents.size', { kb: kb(doc.size) })}`}
                </Text>
              </Stack>
              <Badge variant="light" color={i === 0 ? 'blue' : 'gray'}>
                {t(i === 0 ? 'documents.main' : 'documents.additional')}
              </Badge>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('documents.remove', { name: doc.file_name })}
                onClick={() => onChange(value.filter((d) => d.id !== doc.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Documents of a request with download links (the company's view or the operator's). */
export function VaDocumentsList({
  who,
  requestUuid,
  documents,
}: {
  who: 'client' | 'operator';
  requestUuid: string;
  documents: VaDocumentView[];
}) {
  const { t } = useTranslation('virtualAccounts');
  const [error, setError] = useState<string | null>(null);
  if (documents.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="va-documents-empty">
        {t('documents.none')}
      </Text>
    );
  return (
    <Stack gap={6} data-testid="va-documents-list">
      {documents.map((doc) => (
        <Group key={doc.id} gap="sm" wrap="nowrap" data-testid="va-document">
          <IconFileText size={18} />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {doc.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                doc.type ? t(`documents.types.${doc.type}`) : null,
                t(doc.role === 'main' ? 'documents.main' : 'documents.additional'),
                t('documents.size', { kb: kb(doc.size) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => {
              setError(null);
              downloadVaDocument(who, requestUuid, doc).catch((e: unknown) => setError(errorMessage(e, t)));
            }}
            aria-label={t('documents.download', { name: doc.file_name })}
            data-testid="va-document-download"
          >
            {t('documents.downloadShort')}
          </Button>
        </Group>
      ))}
      {error ? (
        <Alert color="red" data-testid="va-document-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
