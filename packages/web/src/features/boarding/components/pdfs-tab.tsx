import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useSignatures } from '../api.ts';

/** PDFs tab: the forms as PDF and the sealed PDF of every signature. */
export function PdfsTab() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const signatures = useSignatures();
  const download = useMutation({
    mutationFn: (target: { id?: string }) =>
      target.id
        ? downloadAndSave(apiRoutes.signaturePdf, { params: { id: target.id }, fallbackName: 'signed.pdf' })
        : downloadAndSave(apiRoutes.formsPdf, { fallbackName: 'application-forms.pdf' }),
    onError: (error) => notifyError(error, t),
  });
  const list = signatures.data?.signatures ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Group gap="sm">
            <IconFileTypePdf size={28} />
            <Stack gap={0}>
              <Text fw={500}>{t('wizard:pdfs.forms')}</Text>
              <Text size="xs" c="dimmed">
                {t('wizard:pdfs.formsHint')}
              </Text>
            </Stack>
          </Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => download.mutate({})}
            loading={download.isPending && !download.variables?.id}
          >
            {t('wizard:pdfs.download')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('wizard:pdfs.signatures')}
          </Title>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {signatures.isLoading ? t('wizard:loading') : t('wizard:pdfs.noSignatures')}
            </Text>
          ) : (
            <Table verticalSpacing={6}>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{t(`wizard:pdfs.subject.${s.subject}`)}</Table.Td>
                    <Table.Td>{s.signer}</Table.Td>
                    <Table.Td>{dateTime(s.signed_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconDownload size={14} />}
                        onClick={() => download.mutate({ id: s.id })}
                      >
                        {t('wizard:pdfs.download')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
