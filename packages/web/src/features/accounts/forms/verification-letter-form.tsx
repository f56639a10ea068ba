import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { apiRoutes, sortCurrencies } from '@portal/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadStatus } from '../components/download-status.tsx';
import { displayIban } from '../lib/format.ts';
import { useDownload } from '../lib/use-download.ts';

/** Account verification letter (PDF) for one IBAN, optionally stating the balance of a currency. */
export function VerificationLetterDialog({
  opened,
  onClose,
  walletUuid,
  ibans,
  currencies,
}: {
  opened: boolean;
  onClose: () => void;
  walletUuid: string;
  ibans: string[];
  currencies: string[];
}) {
  const { t } = useTranslation('wallets');
  const download = useDownload();
  const [iban, setIban] = useState<string | null>(ibans[0] ?? null);
  const [withBalance, setWithBalance] = useState(false);
  const sorted = sortCurrencies(currencies);
  const [currency, setCurrency] = useState<string | null>(sorted[0] ?? null);

  const submit = async () => {
    if (!iban) return;
    await download.start(apiRoutes.walletPrintout, {
      params: {
        uuid: walletUuid,
        iban,
        with_balance: withBalance ? '1' : '0',
        currency: withBalance && currency ? currency : undefined,
      },
      fallbackName: `account-verification-${iban}.pdf`,
    });
  };

  const close = () => {
    download.cancel();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('letter.title')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('letter.description')}
        </Text>
        {ibans.length === 0 ? (
          <Text size="sm" c="red">
            {t('letter.noIban')}
          </Text>
        ) : (
          <Select
            label={t('letter.iban')}
            data={ibans.map((value) => ({ value, label: displayIban(value) }))}
            value={iban}
            onChange={setIban}
            allowDeselect={false}
          />
        )}
        <Checkbox
          label={t('letter.withBalance')}
          checked={withBalance}
          onChange={(event) => setWithBalance(event.currentTarget.checked)}
        />
        {withBalance && sorted.length > 0 ? (
          <Select
            label={t('letter.currency')}
            data={sorted}
            value={currency}
            onChange={setCurrency}
            allowDeselect={false}
          />
        ) : null}
        <DownloadStatus state={download.state} onCancel={download.cancel} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.close')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => void submit()}
            loading={download.isRunning}
            disabled={!iban}
          >
            {t('letter.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
