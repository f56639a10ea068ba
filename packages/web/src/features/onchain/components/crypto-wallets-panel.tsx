import { ActionIcon, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { useCryptoWallets } from '../api.ts';

/** The crypto wallets with their balances and a deposit address per network. */
export function CryptoWalletsPanel() {
  const { t } = useTranslation('onchainTransfer');
  const wallets = useCryptoWallets();
  const { money } = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="crypto-wallets">
      {(wallets.data?.wallets ?? []).map((w) => (
        <Paper
          key={w.wallet_id}
          withBorder
          radius="md"
          p="md"
          data-testid="crypto-wallet"
          data-asset={w.asset}
        >
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{w.asset}</Text>
            <Stack gap={0} align="flex-end">
              <Text fw={600} data-testid="wallet-balance">
                {money(w.balance, w.asset)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('wallets.available', { amount: w.available })}
              </Text>
            </Stack>
          </Group>
          <Stack gap={6}>
            {w.addresses.map((a) => (
              <Stack key={a.network} gap={2}>
                <Text size="xs" c="dimmed">
                  {t('wallets.depositOn', { network: t(`network.${a.network}`) })}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {a.address}
                  </Text>
                  <CopyButton value={a.address}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('copied') : t('copy')}>
                        <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('copy')}>
                          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
