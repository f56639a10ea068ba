import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { PHONE_QUERY } from '../../../shared/ui/index.ts';
import { useChangeCurrentMerchant, useMyProfile } from '../api.ts';

/** Company switcher (spec §7 change_current_merchant): shown only to users of several companies. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const profile = useMyProfile({ notify: false });
  const change = useChangeCurrentMerchant();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const user = profile.data?.user;
  if (!user || user.available_merchants.length < 2) return null;
  const current = user.current_merchant;
  return (
    <Group justify="flex-end" wrap="nowrap">
      <Menu position="bottom-end" width={280} shadow="md" withinPortal>
        <Menu.Target>
          {isPhone ? (
            // On a phone the switcher is an icon (the header has no room for a name), still reachable.
            <ActionIcon
              variant="default"
              size="lg"
              loading={change.isPending}
              aria-label={t('users:company.switch')}
              data-testid="company-switcher"
            >
              <IconBuildingSkyscraper size={18} />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconBuildingSkyscraper size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={change.isPending}
              aria-label={t('users:company.switch')}
              data-testid="company-switcher"
              maw={260}
            >
              <Text span size="sm" truncate="end">
                {current?.name ?? t('users:company.none')}
              </Text>
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('users:company.switch')}</Menu.Label>
          {isPhone && current ? (
            <Menu.Label c="var(--mantine-color-text)" fw={600}>
              {current.name}
            </Menu.Label>
          ) : null}
          {user.available_merchants.map((merchant) => (
            <Menu.Item
              key={merchant.id}
              rightSection={merchant.id === current?.id ? <IconCheck size={14} /> : null}
              onClick={() =>
                merchant.id !== current?.id &&
                change.mutate(
                  { body: { merchant_id: merchant.id } },
                  { onSuccess: () => notifySuccess(t('users:company.switched', { name: merchant.name })) },
                )
              }
            >
              {merchant.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
