import { Checkbox, Select, Text } from '@mantine/core';
import { apiRoutes, sortCurrencies } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayIban } from '../../../shared/format/accounts.ts';
import { useDownload } from '../lib/use-download.ts';
import { DownloadDialog } from './download-dialog.tsx';

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

  return (
    <DownloadDialog
      opened={opened}
      onClose={onClose}
      title={t('letter.title')}
      note={t('letter.description')}
      download={download}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel={t('letter.download')}
      isSubmitDisabled={!iban}
    >
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
    </DownloadDialog>
  );
}
