import { Tabs } from '@mantine/core';
import { IconBuildingBank, IconCalendarStats } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { scrollingTabList } from '../../../shared/ui/index.ts';

/** Switch between the account list and the closing daily balances screen. */
export function AccountsTabs({ active }: { active: 'list' | 'daily' }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const targets = { list: href('mi_accounts'), daily: href('mi_daily_balances') } as const;
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'list' || value === 'daily') void navigate(targets[value]);
      }}
    >
      <Tabs.List style={scrollingTabList}>
        <Tabs.Tab value="list" leftSection={<IconBuildingBank size={16} />}>
          {t('tabs.list')}
        </Tabs.Tab>
        <Tabs.Tab
          value="daily"
          leftSection={<IconCalendarStats size={16} />}
          data-testid="tab-daily-balances"
        >
          {t('tabs.daily')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
